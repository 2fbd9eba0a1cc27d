/** One line of course markdown: an opening or closing code fence, a line inside a fenced block, or prose. */
export type MarkdownLine = { text: string; kind: "open" | "close" | "code" | "prose"; info: string };

/**
 * Course markdown line by line, telling fenced code from prose: the one reading of fences shared
 * by the content checks below and the duration estimate (lib/catalogue/courses/duration.ts). A fence closes
 * on a bare marker of the same character, at least as long.
 */
export function markdownLines(markdown: string): MarkdownLine[] {
  let openMarker: string | null = null;
  return markdown.split("\n").map((raw) => {
    const match = /^(`{3,}|~{3,})(.*)$/.exec(raw.trim());
    const [, marker = "", info = ""] = match ?? [];
    if (openMarker !== null) {
      if (match && marker.startsWith(openMarker) && info.trim() === "") {
        openMarker = null;
        return { text: raw, kind: "close", info: "" };
      }
      return { text: raw, kind: "code", info: "" };
    }
    if (!match) return { text: raw, kind: "prose", info: "" };
    openMarker = marker;
    return { text: raw, kind: "open", info: info.trim() };
  });
}

/**
 * Fenced code blocks in course markdown must name their language so the reader can
 * highlight them and label them. Returns the 1-based line numbers of opening fences
 * that have no language (an unclosed fence also counts as a problem).
 */
export function fencesWithoutLanguage(markdown: string): number[] {
  const problems: number[] = [];
  let open: number | null = null;
  markdownLines(markdown).forEach((line, index) => {
    if (line.kind === "close") open = null;
    if (line.kind !== "open") return;
    open = index + 1;
    if (!/^[A-Za-z0-9_+#.-]+/.test(line.info)) problems.push(index + 1);
  });
  if (open !== null) problems.push(open);
  return problems;
}
