import { SourceRejection, textOf, type SourceKind } from "../detect";
import type { Extraction } from "./types";

/* Markdown and plain text: the file is its own text, one page without a number; line ends made \n. */
export function extractText(bytes: Uint8Array, kind: SourceKind): Extraction {
  const text = textOf(bytes).replace(/\r\n?/g, "\n");
  if (!text.trim()) throw new SourceRejection("This file has no text in it (only spaces or empty lines).");
  return { kind, pagesTotal: 1, pages: [{ page: null, text }] };
}
