import { ApiError, call } from "@/client/api";
import type { SourceView } from "@/lib/authoring/sources/responses";

/*
 * Sending a file as a source (docs/sources.md, "Upload"): its bytes as they are, its name in the
 * query. The server decides its type from its bytes and says why it refuses one; that message is
 * what the page shows.
 */

/** What a picker may offer; the server checks the bytes whatever the name says. */
export const SOURCE_ACCEPT = ".pdf,.docx,.md,.markdown,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/markdown,text/plain";

const UPLOAD_FAILED = "The file could not be uploaded. Please try again.";

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Uploads the file as a source of the topic `topicId`, or (null) of the caller's own; the new source, queued. */
export async function uploadSource(topicId: number | null, file: File, maxBytes: number): Promise<SourceView> {
  // Said before sending 20 MB for nothing; the server enforces the same limit.
  if (file.size > maxBytes) throw new ApiError(`This file is ${megabytes(file.size)}; a source may be at most ${megabytes(maxBytes)}. Split it into smaller files.`, 413);
  const query = { file_name: file.name };
  return topicId === null
    ? call("POST /users/me/sources", { query, file, fallback: UPLOAD_FAILED })
    : call("POST /topics/:id/sources", { params: { id: topicId }, query, file, fallback: UPLOAD_FAILED });
}

export const inProgress = (source: Pick<SourceView, "status">) => source.status === "queued" || source.status === "extracting";

/** A source's state in words (colour never alone). */
export function sourceStatusText(source: Pick<SourceView, "status" | "pages_done" | "pages_total" | "passage_count" | "failure">): string {
  switch (source.status) {
    case "queued":
      return "Waiting to be read…";
    case "extracting":
      return source.pages_total ? `Extracting… page ${source.pages_done} of ${source.pages_total}` : "Extracting…";
    case "ready": {
      const pages = source.pages_total ?? 1;
      return `Ready: ${pages} ${pages === 1 ? "page" : "pages"}, ${source.passage_count} ${source.passage_count === 1 ? "passage" : "passages"}`;
    }
    case "failed":
      return `Could not be used: ${source.failure ?? "its text could not be read."}`;
  }
}

export function uploadErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UPLOAD_FAILED;
}
