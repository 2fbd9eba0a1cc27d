import "server-only";
import { decoded, looksEncoded, otherReadings, reversedText, rot13 } from "./guard-readings";
import { maybeSheetEntry, sheetSentences } from "./guard-sheets";
import { foldText } from "./guard-text";

/*
 * The tutor's answer guard (docs/tutor.md, "The answer guard"). The tutor never sees a key, but a
 * capable model can work one out, so every reply is checked on its way to the learner: a sentence
 * that states the answer to an item of the learner's current attempt or review session (its key,
 * or the key's option position, asserted) cuts the reply before any of it is shown. A sentence
 * that merely mentions a key's text ("O(n) means the work grows linearly") passes. Disguises are
 * read through (guard-text.ts folds look-alikes and invisible characters, guard-readings.ts reads
 * backwards and decodes, guard-sheets.ts reads answer tables and lists). What no rule can read is
 * left to the model check (guarded-reply.ts), on the sentences this guard holds. Pure: the caller
 * loads the items (keys from the server only) and streams the model's text through.
 */

export type GuardedItem = {
  /** How the learner sees the item: its 1-based number in the quiz ("question 2") */
  number: number;
  /** The stem as shown. */
  question: string;
  /** In the order the learner sees them. */
  options: string[];
  /** The right option's text (server side only). */
  key: string;
};

/** A held sentence the rules found nothing in, waiting for the model check, and the sentence before it. */
export type HeldSentence = { sentence: string; before: string };

export type LeakGuard = {
  /**
   * Feed the next chunk of model text; returns the text that is safe to show now (may be ""). The
   * push that catches a leak returns the sentences judged safe before the leaking one; every call
   * after it returns "".
   */
  push(chunk: string): string;
  /** The model finished: returns whatever held-back text is safe (judged as a complete reply); "" after a hit. */
  end(): string;
  /**
   * With `review`: a complete sentence the rules held and found nothing in, for the model check.
   * Nothing after it is released until `settle` gives the check's verdict.
   */
  readonly awaiting: HeldSentence | null;
  /** The check's verdict on `awaiting`: a leak cuts the reply there; otherwise returns what is now safe. */
  settle(verdict: { leak: boolean; item: number | null }): string;
  /** A stated answer was caught (by the rules or the check): nothing more is released. */
  readonly cut: boolean;
  /** The item it answers: set with `cut`, except when a check found a leak without saying whose. */
  readonly leakedItem: number | null;
};

/**
 * A sentence longer than this with no end is judged in parts, cut at the last space within it:
 * the bound on held-back text.
 */
export const MAX_SENTENCE_CHARS = 500;

// ---------------------------------------------------------------------------------------------
// Normalising: folded (guard-text.ts), tokens, lower case, markdown emphasis, backticks and quotes dropped.

type Token = { text: string; word: boolean; number: boolean; quote: boolean };

const TOKEN = /\d+(?:\.\d+)+|[\p{L}\p{N}_]+(?:['’][\p{L}\p{N}_]+)*|[^\s\p{L}\p{N}_]/gu;
const DROPPED = new Set(["`", "*", "~"]);
const QUOTES = new Set(['"', "'", "‘", "’", "“", "”", "«", "»"]);

/**
 * `O(n)`, `O( n )` and **O(n)** alike: ["o", "(", "n", ")"]; "It's" is "its", "0.5" one token.
 * Quotes stay as `"` tokens: most matching skips them, but a key that only its quotes tell apart
 * from another option (`"5" + 3` beside `5 + 3`) needs them.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const [raw] of foldText(text).matchAll(TOKEN)) {
    if (DROPPED.has(raw)) continue;
    if (QUOTES.has(raw)) tokens.push({ text: '"', word: false, number: false, quote: true });
    else if (!/^[\p{L}\p{N}_]/u.test(raw)) tokens.push({ text: raw, word: false, number: false, quote: false });
    else {
      const text = raw.replace(/['’]/g, "").replace(/^_+|_+$/g, "").toLowerCase();
      if (text) tokens.push({ text, word: true, number: /^\d+(?:\.\d+)*$/.test(text), quote: false });
    }
  }
  return tokens;
}

const STOP_WORDS = new Set(
  ("a an the and or but if because of to in on at by for with from as into onto than then that this these those is are was were be been being " +
    "it its do does did done has have had not no so such what which who whom whose when where why how there here can could would should " +
    "will shall may might must you your we our they their he she his her i me my one all any each some more most other only own same too very")
    .split(" "),
);

const contentWords = (words: string[]) => words.filter((w) => !STOP_WORDS.has(w) && /[\p{L}\p{N}]/u.test(w) && (w.length > 1 || /\d/.test(w)));

function occurrences(words: string[], form: string[]): number[] {
  const found: number[] = [];
  if (form.length === 0) return found;
  for (let i = 0; i + form.length <= words.length; i++) {
    if (form.every((w, k) => words[i + k] === w)) found.push(i);
  }
  return found;
}

/** Length of the longest common subsequence: how much of a long key a sentence restates in order. */
function inOrder(a: string[], b: string[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const next = [0];
    for (let j = 0; j < b.length; j++) next.push(x === b[j] ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!));
    row = next;
  }
  return row[b.length]!;
}

// ---------------------------------------------------------------------------------------------
// Sentences: they end at . ! ? followed by a space (or the end of the reply), and at a newline.

const CLOSERS = /[)"'’”\]*_`]/;
/** "1." at a line's start numbers a list entry ("1. C"): it ends no sentence. */
const LIST_MARKER = /^[ \t]*(?:[-*+] )?\d{1,3}$/;

/** Where the sentence starting at `start` ends (exclusive), or -1 while the text so far cannot tell. */
function sentenceEnd(text: string, start: number, complete: boolean): number {
  if (start >= text.length) return -1;
  let end = -1;
  for (let i = start; i < text.length && end === -1; i++) {
    const c = text[i]!;
    if (c === "\n") end = i + 1;
    else if (c === "." && LIST_MARKER.test(text.slice(text.lastIndexOf("\n", i - 1) + 1, i))) continue;
    else if (c === "." || c === "!" || c === "?") {
      let k = i + 1;
      while (k < text.length && /[.!?]/.test(text[k]!)) k++;
      while (k < text.length && CLOSERS.test(text[k]!)) k++;
      if (k === text.length) {
        // "0." may become "0.5", "a." may become "a.b": only the next character tells.
        if (!complete) return text.length - start > MAX_SENTENCE_CHARS ? cut(text, start) : -1;
        end = k;
      } else if (/\s/.test(text[k]!)) end = k;
      else i = k - 1;
    }
  }
  if (end !== -1 && end - start <= MAX_SENTENCE_CHARS) return end;
  if (text.length - start > MAX_SENTENCE_CHARS) return cut(text, start);
  return complete ? text.length : -1;
}

/** A sentence over the bound ends at its last space within the bound (or at the bound). */
function cut(text: string, start: number): number {
  const head = text.slice(start, start + MAX_SENTENCE_CHARS + 1);
  const space = Math.max(head.lastIndexOf(" "), head.lastIndexOf("\t"));
  return space > 0 ? start + space : start + MAX_SENTENCE_CHARS;
}

function sentences(text: string): string[] {
  const out: string[] = [];
  for (let start = 0, end = sentenceEnd(text, 0, true); end !== -1; start = end, end = sentenceEnd(text, start, true)) {
    out.push(text.slice(start, end));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Signals. Patterns run on a sentence's tokens joined by single spaces, with a space either side:
// " the answer to question 2 is o ( n ) . ".

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const ORDINAL_NUMBERS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"];
const ORD = `(?:${[...ORDINALS, ...ORDINAL_NUMBERS].join("|")})`;
const ITEM = "(?:question|item|problem|exercise)";
const FILL = "(?:(?:definitely|probably|simply|just|actually|clearly|obviously|indeed|certainly|surely|really|likely|still|then|always) )?";
const IS = "(?:(?:is|would be|will be|should be|must be|here is|:|=|- >|→) ){1,2}";
const ABOUT = "(?:(?:to|for|of|in|on) (?:\\S+ ){0,8})?";

/** Anywhere in a sentence: a stated answer when a key or key position is in the same sentence. */
const ASSERTIONS = [
  / (?:correct|right|best|expected|intended|true) (?:answer|option|choice|response|pick)s? /,
  new RegExp(` answer (?:here )?${ABOUT}${IS}`),
  / (?:you|youd|we|id|ill|i) (?:should |would |could |can |must |need to |want to |might |will )?(?:pick|choose|select|go with|opt for|mark|tick|click|circle) /,
  / (?:go with|opt for) /,
  / (?:is|are) (?:correct|right) (?![\p{L}\p{N}])/u,
];

/** A word that may begin an announced answer ("The answer to ...", "The correct ...", "You should pick ..."). */
const ANSWER_WORD = / (?:answers?|correct|right (?:option|choice|one)|pick|choose|select|go with) /;

/** Right before a key: the key is the one asserted, whatever the rest of the sentence says. */
const STRONG_LEADS = [
  new RegExp(` answer (?:here )?${ABOUT}${IS}${FILL}$`),
  new RegExp(` (?:correct|right|best|expected|intended) (?:answer|option|choice|one|pick|response) ${ABOUT}(?:${IS})?${FILL}$`),
  new RegExp(` (?:pick|choose|select|go with|opt for|mark|tick|click|circle) ${FILL}(?:option |choice |answer )?$`),
  new RegExp(` ${ITEM} (?:# |number |no )?\\d+ (?:is|:|=|-|- >|→) ${FILL}$`),
  new RegExp(` (?:q\\d+|# \\d+) (?:is|:|=|-|- >|→) ${FILL}$`),
  new RegExp(` (?:${ORD}|last) ${ITEM} (?:is|:|=|-) ${FILL}$`),
  new RegExp(` (?:this|that|your|the current) ${ITEM} (?:is|:|=|-) ${FILL}$`),
];

/** Right before a key that ends its phrase ("It's 4."): too common before yes/no words to count for them. */
const WEAK_LEADS = [new RegExp(` (?:its|it is|id say|i would say|ill say) ${FILL}$`), new RegExp(` (?:${ITEM} (?:# )?\\d+|q\\d+) , ${FILL}$`)];

/** Right before a key in a sentence that restates the item's stem or names the item ("len([1, 2]) returns 2"). */
const STEM_LEAD = new RegExp(` (?:is|are|was|returns|return|gives|prints|outputs|evaluates to|equals|results in|becomes|=|:) ${FILL}$`);

/** Right after a key in a sentence that names the item ("In this question, def is the keyword"). */
const NAMED_TAIL = /^ (?:is|was|would be) (?:the|your|its) /;

/** Right after a key. */
const TAILS = [
  new RegExp(`^ (?:is|was|would be|should be|must be|will be|s) ${FILL}(?:(?:the )?(?:correct|right|best|expected)(?: (?:answer|option|choice|one|pick))?|the (?:answer|one)|my (?:answer|pick|choice)) `),
  new RegExp(`^ (?:for|to|on|in|of) (?:${ITEM} (?:# )?\\d+|q\\d+|# \\d+|(?:this|that|your|the current) (?:${ITEM}|quiz)|the (?:${ORD}|last) ${ITEM}) `),
];
/** The first words of every tail: a key followed by fewer than TAIL_WORDS words, the first one of these, may still get one. */
const TAIL_FIRST = ["is", "was", "would", "should", "must", "will", "s", "for", "to", "on", "in", "of"];
const TAIL_WORDS = 7;

/** Words that may follow a one-word key right after "the answer is": "The answer is no longer O(n^2)" is not an answer. */
const AFTER_WORD_KEY = new Set(
  "because since as here there for in on so and but then now again this that too though anyway given when if".split(" "),
);
const YES_NO = new Set(["true", "false", "yes", "no", "t", "f", "correct", "incorrect", "right", "wrong"]);

/** "On number 1", "number 2 is": an item, unless the words before make it a number ("the number 2", "an even number 4"). */
const NUMBER_REFERENCE = /(?<= )(?<!(?:the|a|an|any|some|this|that|even|odd|prime|whole|random|magic|lucky|page|line|version|room|phone) )number (\d+)(?= )/g;

type Signals = { asserted: boolean; numbered: Set<number>; generic: boolean };

function signalsOf(spaced: string, lastItem: number): Signals {
  const numbered = new Set<number>();
  for (const m of spaced.matchAll(new RegExp(`(?<= )${ITEM}s? (?:# |number |no )?(\\d+)(?= )`, "g"))) numbered.add(Number(m[1]));
  for (const m of spaced.matchAll(/(?<= )(?:q|# )(\d+)(?= )/g)) numbered.add(Number(m[1]));
  for (const m of spaced.matchAll(NUMBER_REFERENCE)) numbered.add(Number(m[1]));
  for (const m of spaced.matchAll(new RegExp(`(?<= )(${ORD}|last) ${ITEM}(?= )`, "g"))) {
    const word = m[1]!;
    numbered.add(word === "last" ? lastItem : Math.max(ORDINALS.indexOf(word), ORDINAL_NUMBERS.indexOf(word)) + 1);
  }
  return {
    asserted: ASSERTIONS.some((r) => r.test(spaced)),
    numbered,
    generic: new RegExp(` (?:(?:this|that|your|the current|current|the same) (?:${ITEM}|quiz)|(?:the|your|this) quiz) `).test(spaced),
  };
}

// ---------------------------------------------------------------------------------------------
// Items: each key's forms, prepared once per guard.

type Form = {
  /** Word tokens; with quote tokens when `quoted`. */
  tokens: string[];
  /** The key only its quotes tell apart from another option: matched with its quotes. */
  quoted: boolean;
  /** The words run together: what a sentence's last words are compared with ("O(" is on its way to "O(n)"). */
  compact: string;
  /** Counts only right next to an assertion (one-word keys, keys in their own stem, option letters). */
  adjacent: boolean;
  /** An option position ("the second option", "(b)"), not the key's text. */
  position: boolean;
  /** An option letter counts only as a phrase of its own ("The answer is b."), not "the answer is a list". */
  standalone: boolean;
  /** A one-word key that is not a number: only a few words may follow it after a strong lead. */
  wordKey: boolean;
  yesNo: boolean;
};

type Prepared = {
  number: number;
  forms: Form[];
  /** Other options whose text holds the key's ("O(n log n)" around "O(n)", "list of lists" around "list"). */
  longerOptions: string[][];
  /** The key's content words when it is long (5 or more): restated near-verbatim, it counts too. */
  longKey: string[] | null;
  stem: Set<string>;
};

const LONG_KEY_WORDS = 5;
const NEAR_VERBATIM = 0.8;
const STEM_OVERLAP = 0.6;
const MIN_STEM_WORDS = 3;

const sameWords = (a: string[], b: string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

function positionForm(tokens: string[], standalone = false): Form {
  return { tokens, quoted: false, compact: tokens.join(""), adjacent: standalone, position: true, standalone, wordKey: false, yesNo: false };
}

function prepare(items: GuardedItem[]): Prepared[] {
  return items.map((item) => {
    const keyText = sentenceOf(item.key);
    const key = keyText.words;
    const stem = sentenceOf(item.question);
    const options = item.options.map(sentenceOf);
    const oneWord = keyText.wordTokens.length === 1;
    const quoted = options.some((o) => sameWords(o.words, key) && !sameWords(o.all, keyText.all));
    const forms: Form[] = [];
    if (key.length > 0) {
      const form: Form = {
        tokens: quoted ? keyText.all : key,
        quoted,
        compact: key.join(""),
        adjacent: false,
        position: false,
        standalone: false,
        wordKey: oneWord && !keyText.wordTokens[0]!.number,
        yesNo: oneWord && YES_NO.has(key[0]!),
      };
      form.adjacent = oneWord || spans(stem, form).length > 0;
      forms.push(form);
      // Written backwards ("yranoitcid a"): a key of real words only (reversed digits and operators read as other math).
      const backwards = sentenceOf(reversedText(foldText(item.key)));
      const letters = (foldText(item.key).match(/\p{L}/gu) ?? []).length;
      if (letters >= 3 && !sameWords(backwards.words, key) && !options.some((o) => sameWords(o.words, backwards.words))) {
        forms.push({ ...form, tokens: backwards.words, quoted: false, compact: backwards.words.join("") });
      }
    }
    let at = item.options.findIndex((o) => o.trim() === item.key.trim());
    if (at < 0 && key.length > 0) at = options.findIndex((o) => sameWords(o.all, keyText.all));
    if (at >= 0) {
      const n = String(at + 1);
      const ordinals = [ORDINALS[at], ORDINAL_NUMBERS[at], at === options.length - 1 && options.length > 1 ? "last" : undefined].filter((o) => o !== undefined);
      forms.push(positionForm(["option", n]), positionForm(["option", "#", n]), positionForm(["choice", n]));
      for (const o of ordinals) for (const noun of ["option", "choice", "answer", "one"]) forms.push(positionForm([o, noun]));
      if (at < 8) {
        const letter = "abcdefgh"[at]!;
        forms.push(positionForm(["option", letter]), positionForm(["choice", letter]), positionForm(["letter", letter]), positionForm([letter, ")"]), positionForm([letter], true));
      }
    }
    const keyContent = contentWords(key);
    return {
      number: item.number,
      forms,
      longerOptions: options.map((o) => o.words).filter((o) => o.length > key.length && occurrences(o, key).length > 0),
      longKey: keyContent.length >= LONG_KEY_WORDS ? keyContent : null,
      stem: new Set(stem.content),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Judging one sentence.

type Sentence = {
  /** Tokens but quotes, and their texts: what every pattern reads. */
  wordTokens: Token[];
  words: string[];
  /** Every token's text, quotes too, and for each of them the index of the word it stands at. */
  all: string[];
  wordAt: number[];
  spaced: string;
  content: string[];
};

function sentenceOf(text: string): Sentence {
  const tokens = tokenize(text);
  const wordTokens = tokens.filter((t) => !t.quote);
  const words = wordTokens.map((t) => t.text);
  const wordAt: number[] = [];
  let w = 0;
  for (const t of tokens) {
    wordAt.push(w);
    if (!t.quote) w++;
  }
  wordAt.push(w);
  return { wordTokens, words, all: tokens.map((t) => t.text), wordAt, spaced: ` ${words.join(" ")} `, content: contentWords(words) };
}

/** Where the form stands in the sentence, as word ranges [i, j). */
function spans(s: Sentence, form: Form): [number, number][] {
  if (!form.quoted) return occurrences(s.words, form.tokens).map((i) => [i, i + form.tokens.length]);
  return occurrences(s.all, form.tokens).map((i) => [s.wordAt[i]!, s.wordAt[i + form.tokens.length]!]);
}

const before = (s: Sentence, i: number) => ` ${s.words.slice(0, i).join(" ")} `.replace(/^ {2}/, " ");
const after = (s: Sentence, j: number) => ` ${s.words.slice(j).join(" ")} `.replace(/ {2}$/, " ");

function restatesStem(p: Prepared, s: Sentence): boolean {
  if (p.stem.size < MIN_STEM_WORDS) return false;
  const present = new Set(s.content);
  let shared = 0;
  for (const w of p.stem) if (present.has(w)) shared++;
  return shared >= Math.ceil(p.stem.size * STEM_OVERLAP);
}

/** The key at words [i, j) is part of another option's text there: that option is stated, not the key. */
function insideLongerOption(p: Prepared, form: Form, s: Sentence, i: number, j: number): boolean {
  if (form.position) return false;
  const key = s.words.slice(i, j);
  return p.longerOptions.some((o) =>
    occurrences(o, key).some((k) => i - k >= 0 && sameWords(s.words.slice(i - k, i - k + o.length), o)),
  );
}

/** The form at words [i, j) is asserted by the words right around it. */
function assertedNextTo(form: Form, s: Sentence, i: number, j: number, stemRestated: boolean, named: boolean): boolean {
  const next = s.wordTokens[j];
  const standalone = next === undefined || !next.word;
  if (form.standalone && !standalone) return false;
  const lead = before(s, i);
  if (STRONG_LEADS.some((r) => r.test(lead)) && (!form.wordKey || next === undefined || !next.word || AFTER_WORD_KEY.has(next.text))) return true;
  if (!form.yesNo && standalone && WEAK_LEADS.some((r) => r.test(lead))) return true;
  if ((stemRestated || named) && !form.position && STEM_LEAD.test(lead)) return true;
  const tail = after(s, j);
  return TAILS.some((r) => r.test(tail)) || (named && !form.position && NAMED_TAIL.test(tail));
}

function judge(prepared: Prepared[], text: string): number | null {
  const s = sentenceOf(text);
  if (s.words.length === 0) return null;
  const signals = signalsOf(s.spaced, Math.max(0, ...prepared.map((p) => p.number)));
  // Positions belong to the guarded items the sentence names; naming only other numbers ("question 9") hides none.
  const namesGuarded = prepared.some((p) => signals.numbered.has(p.number));
  for (const p of prepared) {
    const stemRestated = restatesStem(p, s);
    const named = signals.numbered.has(p.number) || (signals.numbered.size === 0 && signals.generic);
    const anySignal = signals.asserted || signals.generic || signals.numbered.size > 0 || stemRestated;
    for (const form of p.forms) {
      // Which item an option position belongs to: the numbered item(s) the sentence names, else any.
      if (form.position && namesGuarded && !signals.numbered.has(p.number)) continue;
      for (const [i, j] of spans(s, form)) {
        if (insideLongerOption(p, form, s, i, j)) continue;
        if ((!form.adjacent && anySignal) || assertedNextTo(form, s, i, j, stemRestated, named)) return p.number;
      }
    }
    if (p.longKey && anySignal && inOrder(s.content, p.longKey) >= Math.ceil(p.longKey.length * NEAR_VERBATIM)) return p.number;
  }
  return null;
}

/** The unfinished sentence so far could still become a stated answer as it stands: it is held back. */
function mayBecomeStatedHere(prepared: Prepared[], text: string): boolean {
  const s = sentenceOf(text);
  if (s.words.length === 0 || prepared.length === 0) return false;
  // "The answer to question 2 is": an answer announced for a guarded item, its key still to come;
  // held from the sentence's first answer word, so a cut never leaves "The answer to question" shown.
  const lead = signalsOf(s.spaced, prepared.length ? Math.max(...prepared.map((p) => p.number)) : 0);
  if (lead.asserted && (lead.generic || prepared.some((p) => lead.numbered.has(p.number)))) return true;
  if (ANSWER_WORD.test(s.spaced)) return true;
  for (const p of prepared) {
    for (const form of p.forms) {
      for (const [i, j] of spans(s, form)) {
        if (!form.adjacent || assertedNextTo(form, s, i, j, true, true)) return true;
        // A tail ("... is the answer") may still follow.
        const rest = s.words.slice(j);
        if (rest.length === 0 || (rest.length < TAIL_WORDS && TAIL_FIRST.some((w) => w.startsWith(rest[0]!)))) return true;
      }
      if (endsWithStartOf(s.words, form.compact)) return true;
    }
    if (p.longKey && inOrder(s.content, p.longKey) >= Math.ceil(p.longKey.length / 2)) return true;
  }
  return false;
}

/** The last words, run together from a word's start, begin the form but are shorter: "is O(" before "O(n)". */
function endsWithStartOf(words: string[], compact: string): boolean {
  let tail = "";
  for (let k = words.length - 1; k >= 0; k--) {
    tail = words[k] + tail;
    if (tail.length >= compact.length) return false;
    if (compact.startsWith(tail)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// A sentence in its reply (docs/tutor.md, "Disguises"): the sentence before it, the answer sheet it
// belongs to, and its other readings. `previous` holds the reply's earlier sentences, folded.

const lastNumber = (prepared: Prepared[]) => Math.max(0, ...prepared.map((p) => p.number));

/** Words that may stand beside an item's name in a sentence that does nothing else ("What about question 1?", "Now, Q2:"). */
const BARE_WORDS = new Set(
  "what about how for as regarding re and now so ok okay then next on to well right alright moving onto lets let us look at the this one item question problem exercise number no".split(" "),
);

/** The guarded items a sentence only names, or []: the next sentence is read as their answer ("Question 1? A dictionary."). */
function bareReference(prepared: Prepared[], text: string | undefined): number[] {
  if (!text) return [];
  const s = sentenceOf(text);
  const signals = signalsOf(s.spaced, lastNumber(prepared));
  const named = prepared.filter((p) => signals.numbered.has(p.number)).map((p) => p.number);
  if (!named.length) return [];
  const rest = s.wordTokens.filter((t) => t.word && !BARE_WORDS.has(t.text) && !t.number && !/^q\d+$/.test(t.text) && !ORDINALS.includes(t.text) && !ORDINAL_NUMBERS.includes(t.text));
  return rest.length === 0 ? named : [];
}

/** Words that announce an answer or name an item: a word on its way to one of them is held until it is whole. */
const STARTS_AN_ANSWER = ["answer", "correct", "right", "pick", "choose", "select", "question", "option", "choice", "letter", "number", "key", "respuesta", "pregunta"];

/** A sentence that so far is only words an announced answer starts with ("The", "So the"): one more word tells. */
const LEAD_IN = new Set("the so and your my i id you it its".split(" "));

/** Words of an answer or a quiz item in the other languages a model may switch to: held for the model check. */
const OTHER_LANGUAGES = new Set(
  ("respuesta respuestas pregunta preguntas opcion correcta correcto letra reponse reponses bonne lettre antwort antworten frage fragen richtig richtige korrekt " +
    "buchstabe risposta domanda corretta corretto lettera resposta pergunta correta correto ответ вопрос правильный вариант 答案 问题 問題 正解 정답")
    .split(" ")
    .map((w) => foldText(w).toLowerCase()),
);
/** A riddle's words: an answer given as a puzzle rather than stated. */
const RIDDLE = / (?:letter|letters|alphabet|spell|spelled|spelt|rhymes?|backwards|reversed|decode|decoded|encoded|cipher|initials?) /;

function judgeInReply(prepared: Prepared[], text: string, previous: string[], depth = 0): number | null {
  const direct = judge(prepared, text);
  if (direct !== null) return direct;
  const folded = foldText(text).trim();
  for (const entry of sheetSentences(folded, previous)) {
    const hit = judge(prepared, entry);
    if (hit !== null) return hit;
  }
  for (const n of bareReference(prepared, previous.at(-1))) {
    const hit = judge(prepared, `question ${n}: ${folded}`);
    if (hit !== null) return hit;
  }
  // Backwards, rot13 and decoded; what was decoded is decoded once more (base64 of base64).
  const readings = depth === 0 ? otherReadings(folded) : depth === 1 ? [decoded(folded)].filter((r) => r !== null) : [];
  for (const reading of readings) {
    const hit = judgeText(prepared, reading, previous, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

/** Judges each sentence of `text` in turn, each with the ones before it. */
function judgeText(prepared: Prepared[], text: string, previous: string[], depth = 0): number | null {
  const before = [...previous];
  for (const sentence of sentences(text)) {
    const hit = judgeInReply(prepared, sentence, before, depth);
    if (hit !== null) return hit;
    before.push(foldText(sentence).trim());
  }
  return null;
}

/** A position form (a letter, "option c", "the third one") stands in the sentence. */
function namesPosition(prepared: Prepared[], s: Sentence): boolean {
  return prepared.some((p) =>
    p.forms.some((form) => (form.position || !form.adjacent) && spans(s, form).some(([, j]) => !form.standalone || s.wordTokens[j] === undefined || !s.wordTokens[j]!.word)),
  );
}

/**
 * A complete sentence the rules found nothing in, that a model may still read an answer in: it
 * names an item or an answer (in English or another language), holds a position or a long key, a
 * riddle's words, an answer sheet's entry or something encoded, or follows a bare reference.
 */
function worthChecking(prepared: Prepared[], text: string, previous: string[]): boolean {
  const s = sentenceOf(text);
  if (s.words.length === 0) return false;
  const signals = signalsOf(s.spaced, lastNumber(prepared));
  if (signals.asserted || signals.generic || prepared.some((p) => signals.numbered.has(p.number))) return true;
  if (ANSWER_WORD.test(s.spaced) || RIDDLE.test(s.spaced) || s.words.some((w) => OTHER_LANGUAGES.has(w))) return true;
  if (namesPosition(prepared, s) || bareReference(prepared, previous.at(-1)).length > 0) return true;
  const folded = foldText(text).trim();
  return decoded(folded) !== null || sheetSentences(folded, previous).length > 0;
}

/** The unfinished sentence could still state an answer, in any of its readings, or ask for the model check: held. */
function mayBecomeStated(prepared: Prepared[], text: string, previous: string[]): boolean {
  if (prepared.length === 0) return false;
  const s = sentenceOf(text);
  if (s.words.length === 0) return false;
  if (mayBecomeStatedHere(prepared, text)) return true;
  // A word still arriving ("The ans") may be any word: judged by the words before it, and by what it may become.
  const arriving = /[\p{L}\p{N}]$/u.test(text) ? s.wordTokens.at(-1)!.text : null;
  const whole = arriving === null ? s.wordTokens : s.wordTokens.slice(0, -1);
  const mayStart = (word: string) => [...LEAD_IN, ...STARTS_AN_ANSWER].some((w) => w.startsWith(word));
  if (whole.every((t) => !t.word || LEAD_IN.has(t.text)) && (arriving === null || whole.some((t) => t.word) || mayStart(arriving))) return true;
  if (arriving !== null && STARTS_AN_ANSWER.some((w) => w.startsWith(arriving))) return true;
  // "For question ": its number may come next.
  if (/^(?:question|item|problem|exercise|number|q|no)$/.test(whole.at(-1)?.text ?? "") || whole.at(-1)?.text === "#") return true;
  const folded = foldText(text);
  if (looksEncoded(folded) || maybeSheetEntry(folded.trim(), previous) || bareReference(prepared, previous.at(-1)).length > 0) return true;
  // Backwards, the key comes before what asserts it: any position or key form is enough.
  const backwards = sentenceOf(reversedText(folded));
  if (namesPosition(prepared, backwards) || prepared.some((p) => p.forms.some((f) => spans(backwards, f).length > 0))) return true;
  return mayBecomeStatedHere(prepared, rot13(folded)) || worthChecking(prepared, text, previous);
}

// ---------------------------------------------------------------------------------------------

/** One-shot form for whole texts (used by tests and for stored replies). */
export function findStatedAnswer(items: GuardedItem[], text: string): number | null {
  return judgeText(prepare(items), text, []);
}

/**
 * `review`: a model check is configured (guarded-reply.ts). A complete sentence the rules held and
 * found nothing in is then not released but offered as `awaiting`, and the reply waits behind it
 * for the check's verdict.
 */
export function createLeakGuard(items: GuardedItem[], options: { review?: boolean } = {}): LeakGuard {
  const prepared = prepare(items);
  let text = "";
  let sentenceStart = 0; // everything before it is judged safe
  let shown = 0; // everything before it has been returned
  let cut = false;
  let leakedItem: number | null = null;
  let ended = false;
  /** The reply's judged sentences, folded: what a sentence is read with (a bare reference, a table's header). */
  const previous: string[] = [];
  let before = "";
  let awaiting: (HeldSentence & { end: number }) | null = null;

  function accept(end: number) {
    const sentence = text.slice(sentenceStart, end);
    previous.push(foldText(sentence).trim());
    before = sentence;
    sentenceStart = end;
  }

  function release(complete: boolean): string {
    if (cut) return "";
    if (awaiting === null) {
      for (let end = sentenceEnd(text, sentenceStart, complete); end !== -1; end = sentenceEnd(text, sentenceStart, complete)) {
        const sentence = text.slice(sentenceStart, end);
        leakedItem = judgeInReply(prepared, sentence, previous);
        if (leakedItem !== null) {
          cut = true;
          break;
        }
        if (options.review && prepared.length > 0 && worthChecking(prepared, sentence, previous)) {
          awaiting = { sentence, before, end };
          break;
        }
        accept(end);
      }
    }
    const hold = cut || awaiting !== null || mayBecomeStated(prepared, text.slice(sentenceStart), previous);
    const upTo = hold ? Math.max(shown, sentenceStart) : text.length;
    const out = text.slice(shown, upTo);
    shown = upTo;
    return out;
  }

  return {
    push(chunk) {
      if (cut || ended) return "";
      text += chunk;
      return release(false);
    },
    end() {
      if (cut || ended) return "";
      ended = true;
      return release(true);
    },
    settle(verdict) {
      const held = awaiting;
      if (!held || cut) return "";
      awaiting = null;
      if (verdict.leak) {
        cut = true;
        // The check's item if it is one of ours; else the item the sentence names; else the only one.
        const named = signalsOf(sentenceOf(held.sentence).spaced, lastNumber(prepared)).numbered;
        leakedItem =
          prepared.find((p) => p.number === verdict.item)?.number ?? prepared.find((p) => named.has(p.number))?.number ?? (prepared.length === 1 ? prepared[0]!.number : null);
        return "";
      }
      accept(held.end);
      return release(ended);
    },
    get awaiting() {
      return awaiting && { sentence: awaiting.sentence, before: awaiting.before };
    },
    get cut() {
      return cut;
    },
    get leakedItem() {
      return leakedItem;
    },
  };
}
