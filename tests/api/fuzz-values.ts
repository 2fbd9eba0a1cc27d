import type { Field } from "./fields";
import type { Rng } from "./prng";

/*
 * Bad and odd values for one field of an endpoint. Each comes with a verdict: "reject"
 * when the contract says the call must be refused (4xx), "either" when the value is unusual
 * but may be accepted (emoji in a name, an extra key, a valid id of a missing row).
 */

export type Verdict = "reject" | "either";
export type Variant = { label: string; value: unknown; verdict: Verdict };

/** A JSON fragment sent as written (numbers JSON.stringify cannot produce, like 1e400 or -0). */
export class RawJson {
  constructor(readonly text: string) {}
}

const INT4_MAX = 2_147_483_647;
const NUL_OR_LONE_SURROGATE = /[\0\p{Cs}]/u;

export const SAMPLES = {
  emoji: "😀🎉👩‍👩‍👧‍👦",
  rtl: "مرحبا بالعالم שלום",
  rtlOverride: "\u202Eevil.exe\u202C",
  zalgo: "Z\u0324\u0354\u0367a\u0308\u0356l\u036e\u0312g\u030co\u0319",
  zeroWidth: "a\u200bb\u200d",
  html: "<script>alert(1)</script>",
  sql: "'; DROP TABLE users; --",
  template: "${7*7}{{7*7}}",
  cjk: "漢字かなカナ",
  controls: "a\u0001\u0007\u001bb",
} as const;

const STRING_WRONG_TYPES: Variant[] = [42, 0, -1, 1.5, true, false, null, [], ["x"], {}, { $gt: "" }].map((value) => ({
  label: `wrong type ${JSON.stringify(value)}`,
  value,
  verdict: "reject",
}));

const NUMBER_WRONG_TYPES: Variant[] = ["1", "abc", "", "NaN", "Infinity", "1e3", true, false, null, [], [1], {}, { $gt: 0 }].map((value) => ({
  label: `wrong type ${JSON.stringify(value)}`,
  value,
  verdict: "reject",
}));

const LIST_WRONG_TYPES: Variant[] = ["1", 1, null, {}, true, "[1]", { 0: 1 }].map((value) => ({
  label: `wrong type ${JSON.stringify(value)}`,
  value,
  verdict: "reject",
}));

const reject = (label: string, value: unknown): Variant => ({ label, value, verdict: "reject" });
const either = (label: string, value: unknown): Variant => ({ label, value, verdict: "either" });

/** Strings that every text-like field must refuse: NUL bytes and unpaired surrogates. */
const BROKEN_TEXT: Variant[] = [
  reject("NUL inside", "ab\u0000cd"),
  reject("only NUL", "\u0000"),
  reject("lone high surrogate", "ab\ud800cd"),
  reject("lone low surrogate", "\udc00abc"),
  reject("cut emoji", "abcdef\ud83d"),
];

function oddText(field: { min: number; max: number; trim: boolean }): Variant[] {
  return [
    ...Object.entries(SAMPLES).map(([name, value]) => ({ label: name, value, verdict: textVerdict(field, value) })),
    either("exactly the maximum length", "x".repeat(field.max)),
  ];
}

function textVerdict(field: { min: number; max: number; trim: boolean }, value: string): Verdict {
  if (NUL_OR_LONE_SURROGATE.test(value)) return "reject";
  const text = field.trim ? value.trim() : value;
  return text.length < field.min || text.length > field.max ? "reject" : "either";
}

/** The verdict for any string in a string field (used for random strings too). */
export function stringVerdict(field: Field, value: string): Verdict {
  if (NUL_OR_LONE_SURROGATE.test(value)) return "reject";
  switch (field.kind) {
    case "text":
      return textVerdict(field, value);
    case "email":
      return value.includes("@") && value.trim().length <= 254 ? "either" : "reject";
    case "password":
      return value.length >= 6 && value.length <= 128 ? "either" : "reject";
    case "code":
      return /^\d{6}$/.test(value.trim()) ? "either" : "reject";
    case "enum":
      return field.values.includes(value) ? "either" : "reject";
    case "literal":
      return value === field.value ? "either" : "reject";
    default:
      return "reject";
  }
}

/** The verdict for a query value of a numeric field (the schema coerces with Number()). */
export function coercedVerdict(field: Field, value: string): Verdict {
  const n = Number(value);
  if (!Number.isInteger(n)) return "reject";
  if (field.kind === "id") return n >= 1 && n <= INT4_MAX ? "either" : "reject";
  if (field.kind === "int") return n >= field.min && n <= field.max ? "either" : "reject";
  return "reject";
}

function idNumbers(of: string): Variant[] {
  // A well-formed id of a row that does not exist: 404 for catalogue rows; a user id may be
  // answered with an empty list (an admin asking about anyone).
  const missing: Verdict = of === "user" ? "either" : "reject";
  return [
    reject("zero", 0),
    reject("negative", -1),
    reject("float", 1.5),
    reject("tiny float", 0.0000001),
    reject("int4 overflow", INT4_MAX + 1),
    reject("uint32 overflow", 4_294_967_296),
    reject("2^53", 2 ** 53),
    reject("1e20", 1e20),
    reject("below int4", -INT4_MAX - 2),
    reject("1e308", 1e308),
    reject("-1e308", -1e308),
    reject("raw 1e400 (Infinity)", new RawJson("1e400")),
    reject("raw -0", new RawJson("-0")),
    reject("raw 20 digits", new RawJson("12345678901234567890")),
    either("raw 1.0", new RawJson("1.0")),
    { label: "missing row (int4 max)", value: INT4_MAX, verdict: missing },
    { label: "missing row", value: 999_999_999, verdict: missing },
  ];
}

function intNumbers(min: number, max: number): Variant[] {
  return [
    reject("below minimum", min - 1),
    reject("above maximum", max + 1),
    reject("float", min + 0.5),
    reject("int4 overflow", INT4_MAX + 1),
    reject("1e308", 1e308),
    reject("-1e308", -1e308),
    reject("raw 1e400 (Infinity)", new RawJson("1e400")),
    either("minimum", min),
    either("maximum", max),
  ];
}

/** Bad and odd JSON values for a body field; null is fine where the field is nullable. */
export function jsonVariants(field: Field, valid: unknown): Variant[] {
  const variants = variantsOfKind(field, valid);
  return field.nullable ? variants.map((v) => (v.value === null ? { ...v, verdict: "either" } : v)) : variants;
}

function variantsOfKind(field: Field, valid: unknown): Variant[] {
  switch (field.kind) {
    case "id":
      return [...NUMBER_WRONG_TYPES, ...idNumbers(field.of)];
    case "int":
      return [...NUMBER_WRONG_TYPES, ...intNumbers(field.min, field.max)];
    case "ids":
      return [
        ...LIST_WRONG_TYPES,
        reject("empty list", []),
        reject("zero", [0]),
        reject("negative", [-1]),
        reject("float", [1.5]),
        reject("string id", ["1"]),
        reject("null item", [null]),
        reject("int4 overflow", [INT4_MAX + 1]),
        reject("nested list", [[valid]]),
        reject("unknown id", [999_999_999]),
        reject("a known and an unknown id", [valid, 999_999_999]),
        reject(`${field.max + 1} items`, Array.from({ length: field.max + 1 }, () => valid)),
        either("the same id twice", [valid, valid]),
      ];
    case "answers": {
      const answers = valid as { question_id: number; answer: string }[];
      const first = answers[0]!;
      return [
        ...LIST_WRONG_TYPES,
        // No answers grades only an attempt answered item by item, else answers with a passing attempt or 409.
        either("empty list", []),
        reject("an empty object", [{}]),
        reject("null item", [null]),
        reject("answer missing", [{ question_id: first.question_id }]),
        reject("question_id as text", answers.map((a) => ({ ...a, question_id: String(a.question_id) }))),
        reject("answer as a number", answers.map((a) => ({ ...a, answer: 5 }))),
        reject("an unknown question", [...answers.slice(1), { question_id: 999_999_999, answer: "x" }]),
        reject("int4 overflow question", [...answers.slice(1), { question_id: INT4_MAX + 1, answer: "x" }]),
        reject("a question twice", [...answers.slice(1), answers[1] ?? first]),
        // Items left out are unanswered: missed, not refused.
        either("too few answers", [first]),
        reject("answer with NUL", answers.map((a, i) => (i === 0 ? { ...a, answer: "a\u0000" } : a))),
        reject("answer with a lone surrogate", answers.map((a, i) => (i === 0 ? { ...a, answer: "\ud800" } : a))),
        reject("answer of 2001 characters", answers.map((a, i) => (i === 0 ? { ...a, answer: "x".repeat(2001) } : a))),
        reject(`${field.max + 1} answers`, Array.from({ length: field.max + 1 }, () => first)),
        either("every answer null", answers.map((a) => ({ ...a, answer: null }))),
        either("emoji answers", answers.map((a) => ({ ...a, answer: SAMPLES.emoji }))),
        either("answers with extra keys", answers.map((a) => ({ ...a, correct: true, is_correct: true }))),
      ];
    }
    case "text":
      return [
        ...STRING_WRONG_TYPES,
        ...BROKEN_TEXT,
        ...(field.min > 0 ? [reject("empty", "")] : []),
        ...(field.min > 0 && field.trim ? [reject("only spaces", "   "), reject("only tabs and newlines", "\t\n\r")] : []),
        reject("one too long", "x".repeat(field.max + 1)),
        ...oddText(field),
      ];
    case "email":
      return [
        ...STRING_WRONG_TYPES,
        ...BROKEN_TEXT.map((v) => ({ ...v, value: `${String(v.value)}@example.com` })),
        reject("empty", ""),
        reject("no at sign", "not-an-email"),
        reject("no local part", "@example.com"),
        reject("no domain", "someone@"),
        reject("a space", "some one@example.com"),
        reject("two at signs", "a@b@example.com"),
        reject("255 characters", `${"a".repeat(243)}@example.com`),
        // Variants of the example's own address, so they never reach another test's codes.
        either("upper case with spaces", `  ${String(valid).toUpperCase()} `),
        either("plus tag", String(valid).replace("@", "+tag@")),
        either("unicode", "用户@例子.广告"),
        either("no top-level domain", "a@b"),
      ];
    case "password":
      return [
        ...STRING_WRONG_TYPES,
        ...BROKEN_TEXT.map((v) => ({ ...v, value: `${String(v.value)}-padding` })),
        reject("empty", ""),
        reject("five characters", "12345"),
        reject("129 characters", "x".repeat(129)),
        either("128 characters", "x".repeat(128)),
        either("six spaces", "      "),
        either("emoji", `pässwörd${SAMPLES.emoji}`),
      ];
    case "code":
      return [
        ...STRING_WRONG_TYPES,
        reject("as a number", 123456),
        reject("empty", ""),
        reject("five digits", "12345"),
        reject("seven digits", "1234567"),
        reject("letters", "abcdef"),
        reject("full-width digits", "１２３４５６"),
        reject("with NUL", "12345\u0000"),
        reject("with a space inside", "123 456"),
        either("with spaces around", " 123456 "),
      ];
    case "enum":
      return [
        ...STRING_WRONG_TYPES,
        reject("empty", ""),
        reject("capitalised", `${field.values[0]![0]!.toUpperCase()}${field.values[0]!.slice(1)}`),
        reject("upper case", field.values[0]!.toUpperCase()),
        reject("trailing space", `${field.values[0]} `),
        reject("with NUL", `${field.values[0]}\u0000`),
        reject("unknown value", "superuser"),
      ];
    case "literal":
      return [reject("another value", "client_credentials"), reject("upper case", field.value.toUpperCase()), reject("empty", "")];
    case "texts": {
      const items = valid as string[];
      return [
        ...LIST_WRONG_TYPES,
        reject("empty list", []),
        reject("one item short", items.slice(1)),
        reject("one item more", [...items, "one more"]),
        reject("a number item", [1, ...items.slice(1)]),
        reject("null item", [null, ...items.slice(1)]),
        reject("empty item", ["", ...items.slice(1)]),
        reject(`item of ${field.max + 1} characters`, ["x".repeat(field.max + 1), ...items.slice(1)]),
        reject("the same item twice", [items[0], items[0], ...items.slice(2)]),
        either("emoji items", items.map((item) => `${item} ${SAMPLES.emoji}`)),
      ];
    }
    case "bool":
      return [...["true", "false", "", 0, 1, null, [], {}, [true]].map((value) => reject(`wrong type ${JSON.stringify(value)}`, value)), either("true", true), either("false", false)];
  }
}

/** Bad and odd form values (form fields are always strings). */
export function formVariants(field: Field, valid: unknown): Variant[] {
  // Form encoding writes an unpaired surrogate as U+FFFD: judge the value the server receives.
  return jsonVariants(field, valid)
    .filter((variant) => typeof variant.value === "string")
    .map((variant) => ({ ...variant, verdict: stringVerdict(field, (variant.value as string).replace(/\p{Cs}/gu, "\uFFFD")) }));
}

/** Bad and odd query values, already URL-encoded (some percent sequences are not valid UTF-8). */
export type QueryVariant = { label: string; encoded: string; verdict: Verdict };

export function queryVariants(field: Field): QueryVariant[] {
  const plain = (label: string, value: string, verdict: Verdict): QueryVariant => ({ label, encoded: encodeURIComponent(value), verdict });
  const numeric = field.kind === "id" || field.kind === "int";
  const verdictOf = (value: string): Verdict => (numeric ? coercedVerdict(field, value) : stringVerdict(field, value));
  const values = numeric
    ? ["0", "-1", "abc", "1.5", "NaN", "Infinity", "-Infinity", "", " ", "2147483648", "99999999999", "1e309", "0.5", "1e3", "0x10", " 5 ", "2147483647", "999999999"]
    : ["", " ", "x".repeat(255), "x".repeat(100_000), "%", "_", "\\", "'", SAMPLES.emoji, SAMPLES.rtl, SAMPLES.sql, SAMPLES.zalgo, "NaN", "FLAGGED"];
  return [
    ...values.map((value) => plain(JSON.stringify(value.length > 40 ? `${value.slice(0, 10)}…(${value.length})` : value), value, verdictOf(value))),
    { label: "%00", encoded: "%00", verdict: "reject" },
    { label: "1%00", encoded: "1%00", verdict: "reject" },
    { label: "invalid UTF-8 %FF", encoded: "%FF", verdict: numeric ? "reject" : verdictOf("\uFFFD") },
    { label: "encoded surrogate %ED%A0%80", encoded: "%ED%A0%80", verdict: numeric ? "reject" : verdictOf("\uFFFD\uFFFD\uFFFD") },
    { label: "broken percent %ZZ", encoded: "%ZZ", verdict: verdictOf("%ZZ") },
  ];
}

/* ------------------------------------------------------------ random values */

const EMOJI = ["😀", "🎉", "👩‍💻", "🇩🇪", "❤️", "𝕏"];

function randomChar(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.4) return String.fromCharCode(rng.int(0x20, 0x7e));
  if (roll < 0.48) return rng.pick([" ", "\t", "\n", "\r", "\u00a0", "\u3000"]);
  if (roll < 0.56) return rng.pick(EMOJI);
  if (roll < 0.64) return String.fromCharCode(rng.pick([rng.int(0x0600, 0x06ff), rng.int(0x05d0, 0x05ea)]));
  if (roll < 0.7) return String.fromCharCode(rng.int(0x0300, 0x036f));
  if (roll < 0.76) return rng.pick(["\u200b", "\u200d", "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\ufeff"]);
  if (roll < 0.82) return String.fromCharCode(rng.int(0x4e00, 0x9fff));
  if (roll < 0.88) return String.fromCharCode(rng.int(0x01, 0x1f));
  if (roll < 0.94) return rng.pick(["'", '"', "\\", "<", ">", "%", "_", "&", "=", "{", "}", "$"]);
  if (roll < 0.97) return "\u0000";
  return String.fromCharCode(rng.int(0xd800, 0xdfff));
}

export function randomString(rng: Rng, max = 300): string {
  const length = rng.pick([0, 1, 3, 6, 12, 40, rng.int(0, max), max, max + 1, rng.int(max, max * 3)]);
  let text = "";
  while (text.length < length) text += randomChar(rng);
  return text;
}

export function randomNumber(rng: Rng): unknown {
  return rng.pick<() => unknown>([
    () => rng.int(-10, 10),
    () => rng.int(0, 200),
    () => rng.int(0, INT4_MAX),
    () => rng.int(INT4_MAX, INT4_MAX + 1000),
    () => -rng.int(0, INT4_MAX),
    () => rng.next() * 1000,
    () => (rng.chance(0.5) ? 1 : -1) * 2 ** rng.int(31, 1023),
    () => new RawJson(rng.pick(["1e400", "-1e400", "-0", "0.0", "1E2", "1e-400", "9".repeat(rng.int(10, 400))])),
  ])();
}

/** A random JSON value of any shape, for a field of any kind. */
export function randomJsonValue(rng: Rng, depth = 0): unknown {
  const roll = rng.next();
  if (roll < 0.35) return randomString(rng);
  if (roll < 0.65) return randomNumber(rng);
  if (roll < 0.72) return rng.pick([true, false, null]);
  if (roll < 0.86 && depth < 3) return Array.from({ length: rng.int(0, 4) }, () => randomJsonValue(rng, depth + 1));
  if (depth < 3) return Object.fromEntries(Array.from({ length: rng.int(0, 3) }, () => [randomString(rng, 10), randomJsonValue(rng, depth + 1)]));
  return null;
}

/** The verdict for a random JSON value in a field; "either" whenever unsure. */
export function jsonVerdict(field: Field, value: unknown): Verdict {
  if (value instanceof RawJson) return "either";
  if (value === null && field.nullable) return "either";
  if (typeof value === "boolean") return field.kind === "bool" ? "either" : "reject";
  if (typeof value === "string") {
    return ["id", "int", "ids", "answers", "texts"].includes(field.kind) ? "reject" : stringVerdict(field, value);
  }
  if (typeof value === "number") {
    if (field.kind === "id") return Number.isInteger(value) && value >= 1 && value <= INT4_MAX ? "either" : "reject";
    if (field.kind === "int") return Number.isInteger(value) && value >= field.min && value <= field.max ? "either" : "reject";
    return "reject";
  }
  if (Array.isArray(value)) return field.kind === "ids" || field.kind === "answers" || field.kind === "texts" ? "either" : "reject";
  return "reject";
}
