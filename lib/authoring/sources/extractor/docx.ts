import mammoth from "mammoth";
import { SourceRejection } from "../detect";
import { entryData, readZipDirectory, ZipReadError, zipShift } from "../zip";
import { countInflated, expandsTooMuch } from "./expansion";
import type { Extraction } from "./types";

/*
 * Word documents through mammoth, in the extractor's child process (docs/sources.md). A .docx is
 * a zip, and a zip bomb unpacks a few hundred kilobytes into gigabytes. Before mammoth inflates
 * anything, the sizes its directory declares are added up (an honest bomb is refused saying how
 * large it is), then every entry is inflated and counted, exactly the bytes mammoth's zip reader
 * would take, since a zip may declare 1 kB for a gigabyte: past the file's limit of decoded
 * content (SOURCE_MAX_DECODED_MB) it is refused. Images are never read, linked files never opened.
 */

const MB = 1024 * 1024;

const DAMAGED = "This Word document is damaged: its text could not be read. Open it in Word (or LibreOffice), save it again and upload the new file.";

/** What the document's entries really inflate to, at most `maxBytes` (expandsTooMuch past it). */
async function checkUnpackedSize(bytes: Uint8Array, maxBytes: number): Promise<void> {
  let entries;
  try {
    entries = readZipDirectory(bytes);
    if (zipShift(bytes) !== 0) throw new ZipReadError("data before the zip");
  } catch (error) {
    if (error instanceof ZipReadError) throw new SourceRejection(DAMAGED);
    throw error;
  }
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > maxBytes) {
    throw new SourceRejection(
      `This Word document would unpack to ${Math.round(declared / MB)} MB; a source may unpack to at most ${Math.round(maxBytes / MB)} MB. It may be a zip bomb; if it is a real document, split it or save it as a PDF.`,
    );
  }
  let total = 0;
  for (const entry of entries) {
    let data;
    try {
      data = entryData(bytes, entry);
    } catch (error) {
      if (error instanceof ZipReadError) throw new SourceRejection(DAMAGED);
      throw error;
    }
    // Stored (0) is its own size; deflated (8) is inflated and counted; anything else mammoth cannot read.
    if (entry.method === 0) total += data.length;
    else if (entry.method === 8) total += await countInflated(data, "raw", maxBytes - total, maxBytes);
    if (total > maxBytes) throw expandsTooMuch(maxBytes);
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** mammoth's HTML as Markdown-like text: headings as `#` lines, each paragraph, item and cell its own block. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<h([1-6])[^>]*>/g, (_, level: string) => `\n\n${"#".repeat(Number(level))} `)
    .replace(/<\/(h[1-6]|p|li|td|th|tr|table|ul|ol|blockquote)>/g, "\n\n")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<[^>]+>/g, "");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export async function extractDocx(bytes: Uint8Array, maxDecodedBytes: number): Promise<Extraction> {
  await checkUnpackedSize(bytes, maxDecodedBytes);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })), externalFileAccess: false },
    );
    html = result.value;
  } catch {
    throw new SourceRejection(DAMAGED);
  }
  const text = htmlToText(html);
  if (!text) throw new SourceRejection("This Word document has no text in it.");
  return { kind: "docx", pagesTotal: 1, pages: [{ page: null, text }] };
}
