/*
 * The answer guard's first step (docs/tutor.md, "Disguises"): text folded so that what looks the
 * same to a learner is the same to the guard. Applied to the keys and to the replies alike, so a
 * key written in Cyrillic look-alikes, with zero-width spaces inside, in full-width or
 * mathematical letters, or struck through with combining marks, still matches.
 */

/**
 * Characters a learner never sees: zero-width spaces and joiners, bidi controls (a right-to-left
 * override shows reversed text the right way round; without it the guard reads it reversed, see
 * guard-readings.ts), soft hyphens, variation selectors, Hangul fillers and tag characters.
 */
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}]/gu;

/** Combining marks, once letters are decomposed: accents, and the overlays that strike letters through. */
const MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/** Letters of other scripts that look like Latin ones (Unicode's confusables, the common part). */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x", ѕ: "s", і: "i", ї: "i", ј: "j", һ: "h", ԁ: "d", ԛ: "q", ԝ: "w", ӏ: "l", ү: "y",
  А: "A", В: "B", Е: "E", Ё: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", Х: "X", У: "Y", Ѕ: "S", І: "I", Ї: "I", Ј: "J", Һ: "H", Ԛ: "Q", Ԝ: "W", Ӏ: "I", Ү: "Y",
  // Greek
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
  α: "a", ε: "e", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", υ: "u", χ: "x", ϲ: "c", ϳ: "j", Ϲ: "C",
  // Armenian, and Latin letters that pass for others
  օ: "o", ս: "u", հ: "h", ո: "n", ı: "i", ɑ: "a", ɡ: "g", ʏ: "y",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

/** Folded text: invisible characters out, compatibility forms (NFKC), accents and overlays off, look-alikes as Latin. */
export function foldText(text: string): string {
  return text
    .replace(INVISIBLE, "")
    .normalize("NFKD")
    .replace(MARKS, "")
    .normalize("NFKC")
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!);
}
