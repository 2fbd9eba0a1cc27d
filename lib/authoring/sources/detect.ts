import { readZipDirectory, ZipReadError } from "./zip";

/*
 * What a file is, from its bytes (docs/sources.md, "Types"): never from its name or the
 * Content-Type a client sent. The name only says what the uploader believed it was, so the
 * refusal can say both: "This file is a PNG image, not a PDF." Run on the upload (a few reads at
 * fixed offsets, a scan for valid UTF-8) and again by the extractor.
 */

export type SourceKind = "pdf" | "docx" | "markdown" | "text";

export const MEDIA_TYPES: Record<SourceKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  markdown: "text/markdown",
  text: "text/plain",
};

export const KIND_OF_MEDIA_TYPE = Object.fromEntries(Object.entries(MEDIA_TYPES).map(([kind, type]) => [type, kind])) as Record<string, SourceKind>;

/** A file this app cannot use, with the message to show its uploader. */
export class SourceRejection extends Error {}

const ACCEPTED = "Upload a PDF, a Word document (.docx), Markdown or plain text.";

/** What the file's name claims, to say what it is not. */
function claimedBy(fileName: string): string | null {
  const extension = /\.([a-z0-9]{1,10})$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === "pdf") return "a PDF";
  if (extension === "docx" || extension === "doc") return "a Word document";
  if (extension === "md" || extension === "markdown") return "a Markdown file";
  if (extension === "txt" || extension === "text") return "a plain text file";
  return null;
}

function refuse(what: string, fileName: string, advice = ACCEPTED): never {
  const claimed = claimedBy(fileName);
  throw new SourceRejection(`This file is ${what}${claimed ? `, not ${claimed}` : ""}. ${advice}`);
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Recognisable types this app does not read: their signature and how to name them. */
const OTHER_TYPES: [signature: number[], at: number, what: string][] = [
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0, "a PNG image"],
  [[0xff, 0xd8, 0xff], 0, "a JPEG image"],
  [ascii("GIF8"), 0, "a GIF image"],
  [ascii("WEBP"), 8, "a WebP image"],
  [[0x49, 0x49, 0x2a, 0x00], 0, "a TIFF image"],
  [[0x4d, 0x4d, 0x00, 0x2a], 0, "a TIFF image"],
  [ascii("{\\rtf"), 0, "a Rich Text (RTF) file"],
  [[0x1f, 0x8b], 0, "a gzip archive"],
  [ascii("%!PS"), 0, "a PostScript file"],
  [[0x7f, 0x45, 0x4c, 0x46], 0, "a program"],
  [ascii("MZ"), 0, "a Windows program"],
  [ascii("Rar!"), 0, "a RAR archive"],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 0, "a 7-Zip archive"],
  [ascii("ID3"), 0, "an MP3 audio file"],
  [ascii("ftyp"), 4, "a video or audio file"],
];

const PDF_SIGNATURE = ascii("%PDF-");
/** Readers accept the header anywhere in the first kilobyte (ISO 32000-1, annex H). */
const PDF_HEADER_WINDOW = 1024;

function isPdf(bytes: Uint8Array): boolean {
  const window = Math.min(bytes.length - PDF_SIGNATURE.length, PDF_HEADER_WINDOW);
  for (let i = 0; i <= window; i++) if (startsWith(bytes, PDF_SIGNATURE, i)) return true;
  return false;
}

function zipKind(bytes: Uint8Array, fileName: string): SourceKind {
  let names: string[];
  try {
    names = readZipDirectory(bytes).map((e) => e.name);
  } catch (error) {
    if (!(error instanceof ZipReadError)) throw error;
    const claimed = claimedBy(fileName);
    throw new SourceRejection(`This ${claimed === "a Word document" ? "Word document" : "zip file"} is damaged or cut off: its table of contents could not be read. Upload the whole file again.`);
  }
  if (names.includes("word/document.xml")) return "docx";
  if (names.includes("xl/workbook.xml")) refuse("an Excel workbook", fileName);
  if (names.includes("ppt/presentation.xml")) refuse("a PowerPoint presentation", fileName, "Export it as a PDF and upload that.");
  if (names.includes("mimetype")) refuse("an OpenDocument or EPUB file", fileName, "Save it as .docx or export it as a PDF.");
  return refuse("a zip archive", fileName);
}

/** UTF-8 text, with no NUL (text never holds one, and PostgreSQL text cannot). */
function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes("\u0000") ? null : text;
}

const MARKDOWN_HEADING = /^#{1,6}[ \t]+\S/m;

/** The kind of a file, or a SourceRejection saying what it is instead. */
export function detectKind(bytes: Uint8Array, fileName: string): SourceKind {
  if (bytes.length === 0) throw new SourceRejection("This file is empty (0 bytes). Choose the file again: it may not have been saved yet.");
  if (isPdf(bytes)) return "pdf";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return zipKind(bytes, fileName);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    refuse("an older Office file (.doc, .xls or .ppt)", fileName, "Save it as .docx, or export it as a PDF, and upload that.");
  }
  for (const [signature, at, what] of OTHER_TYPES) if (startsWith(bytes, signature, at)) refuse(what, fileName);
  const text = decodeText(bytes);
  if (text === null) refuse("a binary file of a type this app cannot read (nor UTF-8 text)", fileName);
  return MARKDOWN_HEADING.test(text) ? "markdown" : "text";
}

/** The text of a file detectKind called text or Markdown (a leading byte-order mark dropped). */
export function textOf(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
}
