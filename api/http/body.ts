import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { AppError } from "@/lib/platform/http/app-error";
import { requestCutOf } from "@/lib/platform/http/request-cut";
import { jsonResponse } from "@/lib/platform/http/json-response";
import type { ApiEnv } from "../env";
import { BODY_TOO_LARGE } from "./errors";

/*
 * Bodies: one limit for every path (Hono's bodyLimit: an announced length over it is refused
 * unread, a streamed body is cut off at it), 413 `{detail}` either way. Endpoints take
 * DEFAULT_BODY_BYTES unless they declare their own; Better Auth's paths take the same default.
 * Then, for an endpoint that declares a body, its bytes are read strictly (see strictBody).
 */

/** What a JSON call, a form or a sign-in ever needs; a route may declare its own. */
export const DEFAULT_BODY_BYTES = 64 * 1024;

/** Methods whose requests never have a body as the app reads them (the Node adapter gives them none). */
const BODILESS = new Set(["GET", "HEAD", "TRACE"]);

export function limitBody(maxBytes: number): MiddlewareHandler<ApiEnv> {
  const limit = bodyLimit({ maxSize: maxBytes, onError: () => jsonResponse({ detail: BODY_TOO_LARGE }, { status: 413 }) });
  // Hono's check asks for the request's body, and for that the Node adapter builds a whole
  // Request (and an AbortController) that a GET, the hottest calls, never needs: its body is null.
  return (c, next) => (BODILESS.has(c.req.method) ? next() : limit(c, next));
}

export type BodyEncoding = "json" | "form";

const MEDIA_TYPE: Record<BodyEncoding, string> = { json: "application/json", form: "application/x-www-form-urlencoded" };

/**
 * Reads the body of an endpoint that declares one, before Hono's validator parses it: the
 * declared content type (else 415), bytes that are valid UTF-8 (else 400: a lenient decoder would
 * quietly store U+FFFD for them), and for JSON an object (else 400). The parsed value goes into
 * Hono's body cache, where the validator reads it. An optional body may be left out altogether
 * (no Content-Type, no bytes): it reads as `{}`.
 */
export function strictBody(encoding: BodyEncoding, optional = false): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const contentType = c.req.header("content-type");
    if (optional && contentType === undefined && !hasBody(c.req.raw)) {
      c.req.bodyCache.json = Promise.resolve({});
      return next();
    }
    const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
    if (mediaType !== MEDIA_TYPE[encoding]) throw new AppError("unsupported_media_type", `Content-Type must be ${MEDIA_TYPE[encoding]}.`);
    const text = await readUtf8(c.req.raw);
    if (encoding === "form") {
      const form = new FormData();
      for (const [key, value] of new URLSearchParams(text)) form.append(key, value);
      c.req.bodyCache.formData = form;
    } else {
      c.req.bodyCache.json = Promise.resolve(parseObject(text));
      // Hono's json() (the validator's) parses the cached text; without it, it would re-serialise
      // the parsed object, and a number JSON cannot hold (1e400, Infinity) would come back as null.
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    }
    await next();
  };
}

/** No bytes announced or streamed: Content-Length 0 or absent without chunked transfer. */
function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.headers.has("transfer-encoding") || request.body !== null;
}

/**
 * A body read that failed: the server cut it for arriving too slowly (408, already answered on the
 * socket: this is for the log), or the client went away mid-body or sent a broken stream (its
 * fault, not a server error).
 */
function unreadableBody(error: unknown): Error {
  return requestCutOf(error) ?? new AppError("bad_request", "The request body could not be read.");
}

async function readUtf8(request: Request): Promise<string> {
  let bytes: ArrayBuffer;
  try {
    bytes = await request.arrayBuffer();
  } catch (error) {
    throw unreadableBody(error);
  }
  // Node's parser reads exactly the announced length; a request built elsewhere may not match it.
  const announced = request.headers.get("content-length");
  if (announced !== null && Number(announced) !== bytes.byteLength) throw new AppError("bad_request", "The request body does not match its Content-Length.");
  try {
    // ignoreBOM keeps a byte-order mark as a character, so JSON.parse refuses it (RFC 8259: JSON has none).
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8.");
  }
}

function parseObject(text: string): object {
  let data: unknown;
  try {
    data = text === "" ? undefined : JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Malformed JSON body.");
  }
  if (data === undefined || data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new AppError("bad_request", "The request body must be a JSON object.");
  }
  return data;
}

/**
 * The request with its body read in full (within the route's limit, already applied): for a
 * handler of someone else's (Better Auth) that would read it itself and report a body cut for
 * slowness or abandoned by the client as its own server error.
 */
export async function withBodyRead(request: Request): Promise<Request> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return request;
  let body: ArrayBuffer;
  try {
    body = await request.arrayBuffer();
  } catch (error) {
    throw unreadableBody(error);
  }
  return new Request(request, { body });
}

export const FILE_MEDIA_TYPE = "application/octet-stream";

/**
 * A file upload's checks before its handler runs, reading nothing: the declared content type
 * (else 415), and an announced length within the limit (else 413). Hono's bodyLimit is not used
 * here: for a body without a length it reads the whole body first, before the access check.
 */
export function fileBody(maxBytes: () => number): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (mediaType !== FILE_MEDIA_TYPE) throw new AppError("unsupported_media_type", `Content-Type must be ${FILE_MEDIA_TYPE}: the file's bytes as they are.`);
    const announced = c.req.header("content-length");
    if (announced !== undefined && Number(announced) > maxBytes()) throw new HTTPException(413);
    await next();
  };
}

/**
 * An uploaded file's bytes, read as they stream in: cut off with 413 as soon as they pass the
 * limit (nothing more is read), 400 when they do not match an announced Content-Length or the
 * client went away mid-body.
 */
export async function readFileBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        throw unreadableBody(error);
      }
      if (read.done) break;
      size += read.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new HTTPException(413);
      }
      chunks.push(read.value);
    }
  }
  const announced = request.headers.get("content-length");
  if (announced !== null && Number(announced) !== size) throw new AppError("bad_request", "The request body does not match its Content-Length.");
  return Buffer.concat(chunks, size);
}
