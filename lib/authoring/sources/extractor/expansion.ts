import { createInflate, createInflateRaw } from "node:zlib";
import { SourceRejection } from "../detect";

/*
 * How much a file's compressed parts really expand to, measured before a parser decodes them
 * (docs/sources.md, "Safety"): a decompression bomb of a few MB can decode to gigabytes, which
 * pdf.js and the zip reader hold in buffers outside V8's heap, where --max-old-space-size does
 * not reach. Each part is inflated as a stream and its output counted and thrown away, so
 * measuring costs a few kilobytes of memory however large the part; it stops the moment the
 * file's total passes its limit. Sizes a file declares are never trusted.
 */

const MB = 1024 * 1024;

/** The message a file gets when its content expands past the limit (SOURCE_MAX_DECODED_MB). */
export function expandsTooMuch(maxBytes: number): SourceRejection {
  return new SourceRejection(`This file expands to more than ${Math.round(maxBytes / MB)} MB of content.`);
}

/**
 * The bytes `data` inflates to (zlib format, or raw deflate as in a zip), at most `budget`: past
 * it, expandsTooMuch(limit). Input after the end of the deflate stream is ignored, as a parser
 * ignores what follows a stream's end; data that stops being deflate counts what came out before
 * (a parser may keep that much), and data that is not deflate at all counts 0.
 */
export function countInflated(data: Uint8Array, format: "zlib" | "raw", budget: number, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = format === "zlib" ? createInflate({ chunkSize: 64 * 1024 }) : createInflateRaw({ chunkSize: 64 * 1024 });
    let total = 0;
    let over = false;
    inflate.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget && !over) {
        over = true;
        inflate.destroy();
        reject(expandsTooMuch(limit));
      }
    });
    inflate.on("error", () => {
      if (!over) resolve(total);
    });
    inflate.on("end", () => resolve(total));
    inflate.end(data);
  });
}

/** The byte after each `stream` keyword's end of line: where a PDF stream's data begins (ISO 32000-1, 7.3.8.1). */
function streamStarts(text: string): number[] {
  const starts: number[] = [];
  const keyword = /stream(\r\n|\n|\r)/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    if (text.slice(match.index - 3, match.index) !== "end") starts.push(match.index + match[0].length);
  }
  return starts;
}

/**
 * Measures every Flate stream of a PDF (content streams, fonts, object streams: anything pdf.js
 * may decode while reading text) without trusting its /Length or /Filter: every stream whose data
 * is a zlib stream is inflated, wherever it ends. Their sum may not pass `maxBytes`. A stream
 * whose first filter is another (ASCII85, LZW, run length) is not measured here; the worker's
 * memory watchdog stops whatever it decodes to.
 */
export async function checkPdfExpansion(bytes: Uint8Array, maxBytes: number): Promise<void> {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const start of streamStarts(view.toString("latin1"))) {
    total += await countInflated(view.subarray(start), "zlib", maxBytes - total, maxBytes);
  }
}
