/*
 * A remark plugin that fits content headings under the page's own: the highest level the
 * content uses becomes `topLevel` and the rest keep their distance from it (capped at h6), so
 * content never adds a second h1 and never skips levels the content itself did not skip.
 */

type MdNode = { type: string; depth?: number; children?: MdNode[] };

function headings(node: MdNode, found: MdNode[] = []): MdNode[] {
  if (node.type === "heading") found.push(node);
  for (const child of node.children ?? []) headings(child, found);
  return found;
}

export function remarkShiftHeadings({ topLevel }: { topLevel: number }) {
  return (tree: MdNode) => {
    const all = headings(tree);
    if (all.length === 0) return;
    const highest = Math.min(...all.map((h) => h.depth ?? 1));
    for (const heading of all) heading.depth = Math.min(6, (heading.depth ?? 1) - highest + topLevel);
  };
}
