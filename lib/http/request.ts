import type { z } from "zod";
import { AppError } from "./app-error";
import { assertCleanText } from "./clean-text";

const MAX_BODY_BYTES = 64 * 1024;

async function readText(request: Request): Promise<string> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw new AppError("bad_request", "Request body is too large.");
  if (!request.body) return "";
  // Read with a cap: a chunked body without Content-Length must not be buffered whole first.
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new AppError("bad_request", "Request body is too large.");
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The client went away mid-body (or sent a broken stream): its fault, not a server error.
    throw new AppError("bad_request", "The request body could not be read.");
  }
  try {
    // Strict: request.text() would quietly turn broken bytes into U+FFFD and store that.
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8.");
  }
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The parsed values, once no string in them holds a NUL or a lone surrogate (see clean-text.ts). */
function clean<T>(value: T): T {
  assertCleanText(value);
  return value;
}

/** Parses a JSON body against a schema; wrong content type 415, malformed JSON 400, bad fields 422. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  if (mediaType(request) !== "application/json") {
    throw new AppError("unsupported_media_type", "Content-Type must be application/json.");
  }
  const text = await readText(request);
  let data: unknown;
  try {
    data = text === "" ? undefined : JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Malformed JSON body.");
  }
  if (data === undefined || data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new AppError("bad_request", "The request body must be a JSON object.");
  }
  return clean(schema.parse(data));
}

/** Parses an application/x-www-form-urlencoded body (OAuth2-style /log_in). */
export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  if (mediaType(request) !== "application/x-www-form-urlencoded") {
    throw new AppError("unsupported_media_type", "Content-Type must be application/x-www-form-urlencoded.");
  }
  const params = new URLSearchParams(await readText(request));
  return clean(schema.parse(Object.fromEntries(params)));
}

/** Parses query parameters against a schema (422 on bad values). */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  return clean(schema.parse(Object.fromEntries(new URL(request.url).searchParams)));
}
