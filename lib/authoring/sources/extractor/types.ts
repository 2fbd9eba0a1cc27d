import type { SourceKind } from "../detect";

/*
 * What the extractor child process and the worker say to each other over IPC
 * (lib/authoring/sources/extractor/child.ts, run.ts): the file and its limits one way; progress, then the
 * text or the reason it cannot be had, the other.
 */

/** A page of text (page null for a file without pages), Markdown-like: `#` lines are headings, blank lines end paragraphs. */
export type ExtractedPage = { page: number | null; text: string };

export type Extraction = { kind: SourceKind; pagesTotal: number; pages: ExtractedPage[] };

/** `maxDecodedBytes`: the most the file's compressed parts may expand to (SOURCE_MAX_DECODED_MB). */
export type ExtractionRequest = { bytes: Uint8Array; fileName: string; maxPages: number; maxDecodedBytes: number };

/** `peakRssBytes`: the child's own high-water mark of resident memory when it answered. */
export type ChildMessage =
  | { type: "progress"; done: number; total: number }
  | { type: "done"; extraction: Extraction; peakRssBytes: number }
  | { type: "failed"; message: string; peakRssBytes: number; outOfMemory?: boolean };
