import type { ExtractedPage } from "./extractor/types";

/*
 * A source's text cut into passages (docs/sources.md, "Passages"): what retrieval returns and a
 * citation quotes. A passage keeps its location (its page, and the heading it sits under) and
 * never spans two pages or two headings, so the location is exact. Paragraphs are gathered
 * until a passage holds PASSAGE_MIN_WORDS, and never past PASSAGE_MAX_WORDS: a paragraph longer
 * than that is cut at sentence ends (or, for a sentence longer than that, at a word). A passage is
 * shorter only at the end of a page or of a heading's text, or where the next paragraph would not
 * have fitted in it.
 */

export const PASSAGE_MIN_WORDS = 120;
export const PASSAGE_MAX_WORDS = 250;

export type Passage = { position: number; page: number | null; heading: string | null; text: string };

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A paragraph longer than PASSAGE_MAX_WORDS, as pieces of at most that many words, cut after sentences where possible. */
function splitLong(paragraph: string): string[] {
  const sentences = paragraph.match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g) ?? [paragraph];
  const pieces: string[] = [];
  let current: string[] = [];
  let words = 0;
  const flush = () => {
    if (current.length) pieces.push(current.join(" "));
    current = [];
    words = 0;
  };
  for (const sentence of sentences) {
    const sentenceWords = sentence.split(/\s+/).filter(Boolean);
    if (words + sentenceWords.length > PASSAGE_MAX_WORDS) flush();
    // A single sentence over the limit: cut at words.
    for (let i = 0; i < sentenceWords.length; i += PASSAGE_MAX_WORDS) {
      const chunk = sentenceWords.slice(i, i + PASSAGE_MAX_WORDS);
      if (words + chunk.length > PASSAGE_MAX_WORDS) flush();
      current.push(chunk.join(" "));
      words += chunk.length;
    }
  }
  flush();
  return pieces;
}

/** Paragraphs of a page's text (blank lines apart; a paragraph's line breaks become spaces) and its headings. */
function blocksOf(text: string): ({ heading: string } | { paragraph: string })[] {
  const blocks: ({ heading: string } | { paragraph: string })[] = [];
  let lines: string[] = [];
  const endParagraph = () => {
    const paragraph = lines.join(" ").replace(/\s+/g, " ").trim();
    if (paragraph) blocks.push({ paragraph });
    lines = [];
  };
  for (const line of text.split("\n")) {
    const heading = HEADING.exec(line.trim());
    if (heading) {
      endParagraph();
      blocks.push({ heading: heading[2]!.trim() });
    } else if (!line.trim()) endParagraph();
    else lines.push(line.trim());
  }
  endParagraph();
  return blocks;
}

export function splitIntoPassages(pages: ExtractedPage[]): Passage[] {
  const passages: Passage[] = [];
  // A heading stays in force across pages until the next one.
  let heading: string | null = null;
  for (const { page, text } of pages) {
    let current: string[] = [];
    let words = 0;
    const flush = () => {
      if (current.length) passages.push({ position: passages.length, page, heading, text: current.join("\n\n") });
      current = [];
      words = 0;
    };
    for (const block of blocksOf(text)) {
      if ("heading" in block) {
        flush();
        heading = block.heading.slice(0, 300);
        continue;
      }
      for (const piece of wordCount(block.paragraph) > PASSAGE_MAX_WORDS ? splitLong(block.paragraph) : [block.paragraph]) {
        const pieceWords = wordCount(piece);
        if (words > 0 && (words >= PASSAGE_MIN_WORDS || words + pieceWords > PASSAGE_MAX_WORDS)) flush();
        current.push(piece);
        words += pieceWords;
      }
    }
    flush();
  }
  return passages;
}
