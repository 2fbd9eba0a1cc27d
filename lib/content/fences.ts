/**
 * Fenced code blocks in course markdown must name their language so the reader can
 * highlight them and label them. Returns the 1-based line numbers of opening fences
 * that have no language (an unclosed fence also counts as a problem).
 */
export function fencesWithoutLanguage(markdown: string): number[] {
  const problems: number[] = [];
  let openFence: { marker: string; line: number } | null = null;
  markdown.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    const match = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (!match) return;
    const [, marker = "", info = ""] = match;
    if (openFence) {
      if (marker.startsWith(openFence.marker) && info.trim() === "") openFence = null;
      return;
    }
    openFence = { marker, line: index + 1 };
    if (!/^[A-Za-z0-9_+#.-]+/.test(info.trim())) problems.push(index + 1);
  });
  if (openFence) problems.push((openFence as { line: number }).line);
  return problems;
}
