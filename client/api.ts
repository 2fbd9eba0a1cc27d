import type { z } from "zod";
import type { EndpointMap } from "@/api/routes";

/*
 * The browser's way to call this app's API: `call`, named by the endpoint's key as its declaration
 * spells it ("POST /courses/:id/sections/:sectionIndex/quiz-check", api/routes/), with its path
 * parameters, query and body typed by the declared schemas' input and its answer by the declared
 * success schema's output. The declarations are imported as types only, so none of the server's
 * code reaches the browser bundle: at run time the key gives the method and the path, nothing more.
 * Same-origin fetch with the session cookie, JSON in and out, and one error type carrying the
 * server's `detail` (or the caller's fallback message when the server gave none, e.g. on a network
 * failure).
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The fields a 422 named (`errors[].field`), so a form can point at them. */
    readonly fields: readonly string[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type EndpointKey = keyof EndpointMap;

type Responses<K extends EndpointKey> = EndpointMap[K]["responses"];

/** The endpoints answering with server-sent events: read as a stream (client/sse.ts), not with call(). */
export type StreamKey = { [K in EndpointKey]: { [S in keyof Responses<K>]: Responses<K>[S] extends { events: z.ZodType } ? K : never }[keyof Responses<K>] }[EndpointKey];

export type CallKey = Exclude<EndpointKey, StreamKey>;

/** What a call resolves to: the declared success schema's output, undefined for an answer without a body (204, 304). */
export type Answer<K extends CallKey> = { [S in keyof Responses<K>]: Responses<K>[S] extends { schema: infer T extends z.ZodType } ? z.output<T> : undefined }[keyof Responses<K>];

/** Path and query values travel as text: where a schema reads a string, a number is sent as its digits. */
type AsText<T> = { [F in keyof T]: string extends T[F] ? T[F] | number : T[F] };

/** Required unless every field of it is optional. */
type Part<Name extends string, T> = object extends T ? { [P in Name]?: T } : { [P in Name]: T };
type Absent<Name extends string> = { [P in Name]?: never };

type ParamsOf<C> = C extends { params: infer P extends z.ZodType } ? { params: AsText<z.input<P>> } : Absent<"params">;
type QueryOf<C> = C extends { query: infer Q extends z.ZodType } ? Part<"query", AsText<z.input<Q>>> : Absent<"query">;
type BodyOf<C> = C extends { body: { json: infer J extends z.ZodType; optional: true } }
  ? { json?: z.input<J> } & Absent<"file">
  : C extends { body: { json: infer J extends z.ZodType } }
    ? { json: z.input<J> } & Absent<"file">
    : C extends { body: { file: unknown } }
      ? { file: Blob } & Absent<"json">
      : Absent<"json"> & Absent<"file">;

/** Where a request goes: the endpoint's path parameters and query. */
export type Target<K extends EndpointKey> = ParamsOf<EndpointMap[K]> & QueryOf<EndpointMap[K]>;

/** Everything a call sends: path parameters, query and body (JSON, or a file's bytes where the endpoint reads one). */
export type CallInput<K extends EndpointKey> = Target<K> & BodyOf<EndpointMap[K]>;

export type CallOptions<K extends CallKey> = CallInput<K> & {
  /** The message of the ApiError when the server says nothing itself. */
  fallback: string;
  signal?: AbortSignal;
};

/** The JSON body an endpoint reads, as its schema's input. */
export type JsonBody<K extends EndpointKey> = EndpointMap[K] extends { body: { json: infer J extends z.ZodType } } ? z.input<J> : never;

type Values = Readonly<Record<string, unknown>>;

const encode = (value: unknown) => encodeURIComponent(String(value));

type TargetArgument<K extends EndpointKey> = object extends Target<K> ? [target?: Target<K>] : [target: Target<K>];

/**
 * The method and URL of a request to `key`: its path with each `:name` replaced by that parameter
 * (encoded), then the query's defined values (an array as the name repeated).
 */
export function endpointRequest<K extends EndpointKey>(key: K, ...[target]: TargetArgument<K>): { method: string; url: string } {
  const { params, query } = (target ?? {}) as { params?: Values; query?: Values };
  const space = key.indexOf(" ");
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new TypeError(`${key} needs the path parameter "${name}".`);
    return encode(value);
  });
  const search = Object.entries(query ?? {}).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).flatMap((one) => (one === undefined || one === null ? [] : [`${encode(name)}=${encode(one)}`])),
  );
  return { method: key.slice(0, space), url: search.length > 0 ? `${path}?${search.join("&")}` : path };
}

/** The URL of a GET to `key`, for a link or a download. */
export function endpointUrl<K extends EndpointKey & `GET ${string}`>(key: K, ...target: TargetArgument<K>): string {
  return endpointRequest(key, ...target).url;
}

export const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

type Sending = { body?: BodyInit; contentType?: string; accept: string; signal?: AbortSignal };

/**
 * Sends one request, same-origin with the session cookie, and hands its answer over whatever its
 * status. Rejects with an ApiError (status 0) when the server cannot be reached, and with the
 * AbortError itself when `signal` stops it.
 */
export async function sendRequest({ method, url }: { method: string; url: string }, { body, contentType, accept, signal }: Sending): Promise<Response> {
  try {
    return await fetch(url, { method, signal, credentials: "same-origin", headers: contentType ? { "content-type": contentType, accept } : { accept }, body });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(UNREACHABLE, 0);
  }
}

/**
 * Calls the endpoint `key`. Rejects with an ApiError when the server refuses (its `detail`, else
 * `fallback`) or cannot be reached (status 0), and with the AbortError itself when `signal` stops it.
 */
export async function call<K extends CallKey>(key: K, options: CallOptions<K>): Promise<Answer<K>> {
  const { json, file, fallback, signal } = options as { json?: unknown; file?: Blob; fallback: string; signal?: AbortSignal };
  const request = endpointRequest(key, ...([options] as TargetArgument<K>));
  const response = await sendRequest(
    request,
    file !== undefined
      ? { body: file, contentType: "application/octet-stream", accept: "application/json", signal }
      : json !== undefined
        ? { body: JSON.stringify(json), contentType: "application/json", accept: "application/json", signal }
        : { accept: "application/json", signal },
  );
  if (response.status === 204 || response.status === 304) return undefined as Answer<K>;
  if (!response.ok) throw await apiErrorOf(response, fallback);
  return (await response.json().catch(() => undefined)) as Answer<K>;
}

/** The error a refused answer stands for: its `detail` (else the fallback) and the fields a 422 named. */
export async function apiErrorOf(response: Response, fallback: string): Promise<ApiError> {
  const data: unknown = await response.json().catch(() => undefined);
  const detail = data && typeof data === "object" && "detail" in data ? (data as { detail: unknown }).detail : undefined;
  const errors = data && typeof data === "object" && "errors" in data && Array.isArray((data as { errors: unknown }).errors) ? (data as { errors: { field?: unknown }[] }).errors : [];
  const fields = errors.flatMap((e) => (typeof e?.field === "string" ? [e.field] : []));
  return new ApiError(typeof detail === "string" && detail ? detail : fallback, response.status, fields);
}
