/*
 * A remark plugin for a lesson's inline citations (docs/sources.md, "What learners see"): each
 * `[n]` in its text whose number the lesson really cites becomes a `<button data-citation="n">`,
 * which the reader renders as the button opening that passage. Any other `[n]` stays text, and so
 * does everything in code and links (a button inside a link would be two controls in one).
 */

type MdNode = { type: string; value?: string; children?: MdNode[]; data?: { hName?: string; hProperties?: Record<string, unknown> } };

const CITATION = /\[(\d{1,4})\]/g;

/** Skipped: code is literal, and a link's text is already one control. */
const LEAVE_ALONE = new Set(["link", "linkReference", "code", "inlineCode", "html"]);

function split(text: string, cited: ReadonlySet<number>): MdNode[] | null {
  const parts: MdNode[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    const number = Number(match[1]);
    if (!cited.has(number)) continue;
    if (match.index > last) parts.push({ type: "text", value: text.slice(last, match.index) });
    parts.push({ type: "citation", data: { hName: "button", hProperties: { dataCitation: String(number) } }, children: [{ type: "text", value: `[${number}]` }] });
    last = match.index + match[0].length;
  }
  if (!parts.length) return null;
  if (last < text.length) parts.push({ type: "text", value: text.slice(last) });
  return parts;
}

function walk(node: MdNode, cited: ReadonlySet<number>): void {
  if (!node.children || LEAVE_ALONE.has(node.type)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === "text" && child.value) return split(child.value, cited) ?? [child];
    walk(child, cited);
    return [child];
  });
}

export function remarkCitations({ numbers }: { numbers: readonly number[] }) {
  const cited = new Set(numbers);
  return (tree: MdNode) => {
    if (cited.size) walk(tree, cited);
  };
}
