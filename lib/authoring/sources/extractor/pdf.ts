import { getDocumentProxy } from "unpdf";
import { SourceRejection } from "../detect";
import { checkPdfExpansion } from "./expansion";
import type { ExtractedPage, Extraction } from "./types";

/*
 * PDF text through pdf.js (unpdf's build of it), page by page, in the extractor's child process
 * (docs/sources.md). `isEvalSupported: false`, as CVE-2024-4367 advises: pdf.js must never
 * compile a font's glyphs into JavaScript. The pdf.js 5 that unpdf bundles has dropped that code
 * path (and the option) altogether, which lib/authoring/sources/extractor/pdf.test.ts checks; the option
 * stays set in case an older pdf.js is ever swapped in. Lines come from pdf.js's text items; a gap of more than about one and a half
 * lines ends a paragraph, and a short line set in a clearly larger size than the page's body
 * text is taken as a heading. pdf.js decodes a stream whole, into buffers outside V8's heap, so
 * before it opens the file every Flate stream is measured (expansion.ts): a file whose streams
 * expand past its limit never reaches it.
 */

type TextItem = { str: string; hasEOL: boolean; transform: number[]; height: number };

type Line = { text: string; y: number; size: number };

const EOF_WINDOW = 1024;

/** The options pdf.js opens every file with (see above); its warnings are not logged. */
const NO_EVAL = { isEvalSupported: false, verbosity: 0 } as Parameters<typeof getDocumentProxy>[1];

/** A PDF ends with %%EOF (ISO 32000-1, 7.5.5) in its last kilobyte: without it the file was cut off. */
function endsAsPdf(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-EOF_WINDOW).toString("latin1");
  return tail.includes("%%EOF");
}

function linesOf(items: TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    const size = Math.abs(item.transform[3] ?? item.height) || item.height;
    // A new line when the previous one ended, or this item sits on another baseline.
    if (current && Math.abs(current.y - y) > Math.max(current.size, size) * 0.5) {
      lines.push(current);
      current = null;
    }
    current ??= { text: "", y, size };
    current.text += item.str;
    current.size = Math.max(current.size, size);
    if (item.hasEOL) {
      lines.push(current);
      current = null;
    }
  }
  if (current) lines.push(current);
  return lines.map((l) => ({ ...l, text: l.text.replace(/\s+/g, " ").trim() })).filter((l) => l.text);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A page's lines as Markdown-like text: paragraphs apart by blank lines, headings as `##` lines. */
function pageText(lines: Line[]): string {
  const body = median(lines.map((l) => l.size));
  const out: string[] = [];
  let previous: Line | null = null;
  for (const line of lines) {
    const heading = body > 0 && line.size >= body * 1.25 && line.text.length <= 150;
    const gap = previous ? Math.abs(previous.y - line.y) : 0;
    if (heading) out.push("", `## ${line.text}`, "");
    else {
      if (previous && gap > Math.max(previous.size, line.size) * 1.6) out.push("");
      out.push(line.text);
    }
    previous = line;
  }
  return out.join("\n").trim();
}

function openFailure(error: unknown): SourceRejection {
  const name = (error as { name?: string } | null)?.name;
  if (name === "PasswordException") {
    return new SourceRejection("This PDF is encrypted: it needs a password to open. Save a copy without the password (or print it to a new PDF) and upload that.");
  }
  if (name === "InvalidPDFException") return new SourceRejection("This PDF is damaged: its structure could not be read. Export or save it again and upload the new file.");
  return new SourceRejection(`This PDF could not be read (${String((error as Error)?.message ?? error).slice(0, 200)}). Export or save it again and upload the new file.`);
}

export async function extractPdf(bytes: Uint8Array, maxPages: number, maxDecodedBytes: number, onProgress: (done: number, total: number) => void): Promise<Extraction> {
  if (!endsAsPdf(bytes)) throw new SourceRejection("This PDF is cut off: it does not end the way a complete PDF does. Upload the whole file again.");
  await checkPdfExpansion(bytes, maxDecodedBytes);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js may take over (detach) the buffer it is given.
    pdf = await getDocumentProxy(new Uint8Array(bytes), NO_EVAL);
  } catch (error) {
    throw openFailure(error);
  }
  try {
    const total = pdf.numPages;
    if (total > maxPages) throw new SourceRejection(`This PDF has ${total} pages; a source may have at most ${maxPages}. Split it into smaller files and upload those.`);
    onProgress(0, total);
    const pages: ExtractedPage[] = [];
    for (let n = 1; n <= total; n++) {
      let text: string;
      try {
        const page = await pdf.getPage(n);
        const content = await page.getTextContent();
        text = pageText(linesOf(content.items.flatMap((i) => ("str" in i ? [i as TextItem] : []))));
        page.cleanup();
      } catch (error) {
        if (error instanceof SourceRejection) throw error;
        throw new SourceRejection(`Page ${n} of this PDF is damaged and could not be read. Export or save the PDF again and upload the new file.`);
      }
      pages.push({ page: n, text });
      onProgress(n, total);
    }
    if (pages.every((p) => !p.text)) {
      throw new SourceRejection("This PDF has no text layer: it looks like a scanned document. Export it with text (run OCR on it) and upload it again.");
    }
    return { kind: "pdf", pagesTotal: total, pages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
