/*
 * The blocks a course written from sources adds to its prompts (docs/sources.md, "Generation from
 * sources"). Each starts and ends with a blank line's newline, and a course without sources gets
 * "" in their place, so its prompts read exactly as they did before sources existed.
 */

/** For the course proposals and the outline: the sources' headings and opening sentences. */
export function sourceMaterialBlock(excerpt: string, what: "courses" | "outline"): string {
  if (!excerpt) return "";
  const rule =
    what === "courses"
      ? "The courses teach this material: what it covers, at the depth it covers it, and nothing it does not."
      : "The outline follows this material: its topics in its order, what it covers and nothing it does not.";
  return `\nSource material (the headings of the sources, each with its opening sentence):\n${excerpt}\n\n${rule}\n`;
}

/** For a lesson: its numbered passages and the rules for writing from them and citing them. */
export function lessonPassagesBlock(numbered: string): string {
  if (!numbered) return "";
  return `
Passages from the course's sources (write this lesson from them):
${numbered}

Rules for the passages:
- Write only what these passages say. A claim the passages do not support is not written,
  however true you believe it is; if they hold less than 250 words' worth, write less.
- Cite the passage each statement comes from inline, right after it: [1], or [1][3]. Cite only
  the numbers above; every paragraph and every key point cites at least one.
- A worked example may apply what a passage says; cite that passage.
`;
}

/** For the quiz questions: the lesson's passages, and each question naming the one that supports its key. */
export function questionPassagesBlock(numbered: string): string {
  if (!numbered) return "";
  return `
The passages the lesson was written from:
${numbered}

Rules for the passages: every key is supported by one of these passages; give its number in
"passage" (for example "passage": 2). Ask nothing the passages do not support.
`;
}
