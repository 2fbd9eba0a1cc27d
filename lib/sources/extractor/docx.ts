import mammoth from "mammoth";
import { SourceRejection } from "../detect";
import { readZipDirectory } from "../zip";
import type { Extraction } from "./types";

/*
 * Word documents through mammoth, in the extractor's child process (docs/sources.md). A .docx is
 * a zip: before mammoth inflates anything, the sizes its directory declares are added up, and a
 * document that would unpack to more than DOCX_MAX_UNPACKED_BYTES is refused (a zip bomb unpacks
 * a few hundred kilobytes into gigabytes). A zip that lies about its sizes is stopped by the
 * child's memory limit instead. Images are never read, linked files never opened.
 */

export const DOCX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

const MB = 1024 * 1024;

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

export async function extractDocx(bytes: Uint8Array): Promise<Extraction> {
  const unpacked = readZipDirectory(bytes).reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > DOCX_MAX_UNPACKED_BYTES) {
    throw new SourceRejection(
      `This Word document would unpack to ${Math.round(unpacked / MB)} MB; a source may unpack to at most ${DOCX_MAX_UNPACKED_BYTES / MB} MB. It may be a zip bomb; if it is a real document, split it or save it as a PDF.`,
    );
  }
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })), externalFileAccess: false },
    );
    html = result.value;
  } catch {
    throw new SourceRejection("This Word document is damaged: its text could not be read. Open it in Word (or LibreOffice), save it again and upload the new file.");
  }
  const text = htmlToText(html);
  if (!text) throw new SourceRejection("This Word document has no text in it.");
  return { kind: "docx", pagesTotal: 1, pages: [{ page: null, text }] };
}
