import { detectKind } from "../detect";
import { extractDocx } from "./docx";
import { extractPdf } from "./pdf";
import { extractText } from "./text";
import type { Extraction, ExtractionRequest } from "./types";

/** A file's text by the kind its bytes show (lib/authoring/sources/detect.ts); a SourceRejection says why there is none. */
export async function extract({ bytes, fileName, maxPages, maxDecodedBytes }: ExtractionRequest, onProgress: (done: number, total: number) => void): Promise<Extraction> {
  const kind = detectKind(bytes, fileName);
  if (kind === "pdf") return extractPdf(bytes, maxPages, maxDecodedBytes, onProgress);
  onProgress(0, 1);
  const extraction = kind === "docx" ? await extractDocx(bytes, maxDecodedBytes) : extractText(bytes, kind);
  onProgress(1, 1);
  return extraction;
}
