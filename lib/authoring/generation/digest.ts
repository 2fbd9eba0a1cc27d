/*
 * What a question batch is told about its lesson: the opening paragraph and the "Key points" list
 * of the subsection's markdown, not all of it. That grounds the questions in what was written
 * while keeping each question call's prompt near the size of its answer.
 */

const MAX_PART_CHARS = 700;

const clip = (text: string) => (text.length > MAX_PART_CHARS ? `${text.slice(0, MAX_PART_CHARS).trimEnd()}...` : text);

export function lessonDigest(markdown: string): string {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").trim();
  const paragraphs = prose.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const opening = paragraphs.find((p) => !/^(#|[-*] |\*\*)/.test(p)) ?? paragraphs[0] ?? "";
  const keyAt = prose.search(/key points/i);
  const keyPoints = keyAt >= 0 ? prose.slice(keyAt).replace(/^[^\n]*\n/, "").trim() : "";
  return [clip(opening), keyPoints ? `Key points:\n${clip(keyPoints)}` : ""].filter(Boolean).join("\n\n");
}
