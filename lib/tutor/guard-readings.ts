/*
 * Other readings of a sentence (docs/tutor.md, "Disguises"): the same text written backwards,
 * rotated by 13 letters, or with its encoded runs decoded (base64 and base64url, hex, percent
 * encoding, HTML character references, \u and \x escapes). The guard judges each reading as it
 * judges the sentence, so a key is caught whichever of these it hides in. Pure functions.
 */

export const reversedText = (text: string) => [...text].reverse().join("");

export function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Bytes as text, when they are printable UTF-8 with a letter or digit in it; else null (noise, not a message). */
function printable(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return null;
  }
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/.test(text) || !/[\p{L}\p{N}]/u.test(text)) return null;
  return text;
}

const BASE64 = /[A-Za-z0-9+/_-]{8,}={0,2}|[A-Za-z0-9+/_-]{2,}={1,2}/g;
const HEX = /\b(?:0x)?[0-9a-fA-F]{2}(?:[ :]?[0-9a-fA-F]{2}){3,}\b/g;
const PERCENT = /(?:%[0-9a-fA-F]{2})+/g;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));/g;
const ESCAPE = /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function fromBase64(run: string): string | null {
  const body = run.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (body.length % 4 === 1) return null;
  return printable(Buffer.from(body, "base64"));
}

function fromHex(run: string): string | null {
  return printable(Buffer.from(run.replace(/^0x/, "").replace(/[ :]/g, ""), "hex"));
}

function fromPercent(run: string): string | null {
  return printable(Buffer.from(run.replace(/%/g, ""), "hex"));
}

const fromCodePoint = (hex: string | undefined, dec?: string) => {
  const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : null;
};

/** The text with every encoded run decoded, or null when nothing in it decodes. */
export function decoded(text: string): string | null {
  let changed = false;
  const swap = (decode: (run: string) => string | null) => (run: string) => {
    const plain = decode(run);
    if (plain === null) return run;
    changed = true;
    return ` ${plain} `;
  };
  const out = text
    .replace(ENTITY, (run, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      const plain = name !== undefined ? (NAMED[name.toLowerCase()] ?? null) : fromCodePoint(hex, dec);
      if (plain === null) return run;
      changed = true;
      return plain;
    })
    .replace(ESCAPE, (run, braced: string | undefined, four: string | undefined, two: string | undefined) => {
      const plain = fromCodePoint(braced ?? four ?? two);
      if (plain === null) return run;
      changed = true;
      return plain;
    })
    .replace(PERCENT, swap(fromPercent))
    .replace(HEX, swap(fromHex))
    .replace(BASE64, swap(fromBase64));
  return changed ? out : null;
}

/** The sentence's other readings: backwards, rot13, decoded (the last only when something in it decodes). */
export function otherReadings(text: string): string[] {
  const readings: string[] = [];
  if (/\p{L}/u.test(text)) {
    readings.push(reversedText(text));
    readings.push(rot13(text));
  }
  const plain = decoded(text);
  if (plain !== null) readings.push(plain);
  return readings;
}

/**
 * An encoded run, or the start of one, is in the text: the sentence is held until it ends and can
 * be decoded. A word that mixes cases or letters and digits past its first character ("VGhl",
 * "Qw==") is read as one; a delay of one word for "JavaScript" is the price.
 */
export function looksEncoded(text: string): boolean {
  if (/&#?[0-9a-zA-Z]*;?$|&#\d|&#x|%[0-9a-fA-F]{0,2}$|%[0-9a-fA-F]{2}|\\(?:u|x)/.test(text)) return true;
  if (/[0-9a-fA-F]{8,}/.test(text)) return true;
  for (const [word] of text.matchAll(/[A-Za-z0-9+/_=-]{2,}/g)) {
    const rest = word.slice(1);
    if (/[+/=]/.test(word) || /[A-Z]/.test(rest) || (/\d/.test(word) && /[A-Za-z]/.test(word) && word.length >= 4)) return true;
  }
  return false;
}
