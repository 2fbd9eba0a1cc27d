import { describe, expect, it } from "vitest";
import { PASSAGE_MAX_WORDS, PASSAGE_MIN_WORDS, splitIntoPassages } from "./passages";

const words = (n: number, word = "word") => Array.from({ length: n }, () => word).join(" ");
const count = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("splitting text into passages", () => {
  it("gathers paragraphs up to about 120-250 words, never across a heading or a page", () => {
    const page1 = `# Intro\n\n${words(60)}\n\n${words(70)}\n\n${words(80)}\n\n## Details\n\n${words(30)}`;
    const page2 = `${words(40)}`;
    const passages = splitIntoPassages([
      { page: 1, text: page1 },
      { page: 2, text: page2 },
    ]);
    expect(passages.map((p) => [p.position, p.page, p.heading, count(p.text)])).toEqual([
      [0, 1, "Intro", 130],
      [1, 1, "Intro", 80],
      [2, 1, "Details", 30],
      // The heading stays in force on the next page.
      [3, 2, "Details", 40],
    ]);
    expect(passages[0]!.text).toBe(`${words(60)}\n\n${words(70)}`);
  });

  it("cuts a paragraph longer than the maximum after sentences, and a sentence longer than that at words", () => {
    const sentence = `${words(99)} end.`;
    const long = Array.from({ length: 6 }, () => sentence).join(" ");
    const passages = splitIntoPassages([{ page: null, text: long }]);
    expect(passages.map((p) => count(p.text))).toEqual([200, 200, 200]);
    expect(passages.every((p) => p.text.endsWith("end."))).toBe(true);
    const endless = splitIntoPassages([{ page: null, text: words(600) }]);
    expect(endless.map((p) => count(p.text))).toEqual([PASSAGE_MAX_WORDS, PASSAGE_MAX_WORDS, 100]);
  });

  it("keeps every word, in order", () => {
    const text = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} ${words(i * 7 + 3, `w${i}`)}.`).join("\n\n");
    const passages = splitIntoPassages([{ page: 3, text }]);
    expect(passages.map((p) => p.text).join(" ").split(/\s+/)).toEqual(text.split(/\s+/));
    for (const p of passages) expect(count(p.text)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
    // A passage is short only where the next one's first paragraph would not have fitted in it.
    for (const [i, p] of passages.slice(0, -1).entries()) {
      const next = passages[i + 1]!.text.split("\n\n")[0]!;
      expect(count(p.text) >= PASSAGE_MIN_WORDS || count(p.text) + count(next) > PASSAGE_MAX_WORDS).toBe(true);
    }
  });

  it("gives no passage for a page without text", () => {
    expect(splitIntoPassages([{ page: 1, text: "" }, { page: 2, text: "# Only a heading" }])).toEqual([]);
  });
});
