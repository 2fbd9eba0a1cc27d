/*
 * Answers laid out as a sheet rather than said (docs/tutor.md, "Disguises"): a markdown table whose
 * header names questions or answers ("| Question | Answer |" then "| 1 | C |"), a short list entry
 * ("1. C", "Q2) a dictionary"), and pairs in a line ("Key: 1-C, 2-A"). Each entry is rewritten as
 * the sentence it stands for ("question 1: C"), which the guard then judges as any sentence, with
 * the item's own options. Pure functions on folded text.
 */

const ROW = /^\s*\|.*$/;
const SEPARATOR = /^:?-{2,}:?$/;
/** A header that makes a table an answer sheet. */
const SHEET_HEADER = /(?:^|[^\p{L}])(?:questions?|q|items?|no|number|answers?|keys?|solutions?|correct|options?|choices?|picks?)(?:$|[^\p{L}])|#/iu;
/** The first cell of a sheet's row: the item's number. */
const ITEM_CELL = /^(?:q(?:uestion)?\s*|#\s*|no\.?\s*)?(\d{1,3})\.?$/i;
/** A list entry: an item's number, a marker, and a short value (at most three words). */
const ENTRY = /^\s*(?:[-*+•]\s+)?(?:q(?:uestion)?\s*|#\s*)?(\d{1,3})\s*(?:[.):=→]|->|-(?!\d))\s*(\S+(?:\s+\S+){0,2})\s*$/i;
/** Pairs in a line: "1-C", "2: A", "3 = B", "4) D", each ended by a separator or the line's end. */
const PAIR = /(?:^|[\s,;([])(?:q(?:uestion)?\s*|#\s*)?(\d{1,3})\s*(?:-|–|—|:|=|\)|→|->)\s*([^\s,;|)\]]+(?:\s+[^\s,;|)\]]+){0,2}?)\s*(?=[,;|)\]]|$)/gi;
/** A line that announces a sheet: one pair is enough after it. */
const SHEET_LEAD = /\b(?:keys?|answers?|answer key|solutions?|cheat ?sheet|results?)\b/i;

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());

/** The header of the table `row` belongs to: the first of the rows just before it. */
function tableHeader(previous: string[]): string[] | null {
  let header: string | null = null;
  for (let k = previous.length - 1; k >= 0 && ROW.test(previous[k]!); k--) header = previous[k]!;
  return header === null ? null : cells(header);
}

/** The sentences an answer sheet in `line` stands for ("question 1: C"), given the lines before it. */
export function sheetSentences(line: string, previous: string[]): string[] {
  const out: string[] = [];
  if (ROW.test(line)) {
    const row = cells(line);
    const header = tableHeader(previous);
    const n = ITEM_CELL.exec(row[0] ?? "")?.[1];
    if (header && n && !row.every((c) => SEPARATOR.test(c)) && header.some((c) => SHEET_HEADER.test(c))) {
      for (const cell of row.slice(1)) if (cell) out.push(`question ${n}: ${cell}`);
    }
    return out;
  }
  const entry = ENTRY.exec(line);
  if (entry) out.push(`question ${entry[1]}: ${entry[2]}`);
  const pairs = [...line.matchAll(PAIR)];
  if (pairs.length >= 2 || (pairs.length === 1 && SHEET_LEAD.test(line))) for (const [, n, value] of pairs) out.push(`question ${n}: ${value}`);
  return out;
}

/** The line could still be, or begin, an answer sheet's entry: held until it ends. */
export function maybeSheetEntry(line: string, previous: string[]): boolean {
  if (ROW.test(line)) {
    const header = tableHeader(previous);
    return header !== null && header.some((c) => SHEET_HEADER.test(c));
  }
  return /^\s*(?:[-*+•]\s+)?(?:q(?:uestion)?\s*|#\s*)?\d{1,3}\s*(?:[.):=→-]|$)/i.test(line) || (SHEET_LEAD.test(line) && /\d/.test(line));
}
