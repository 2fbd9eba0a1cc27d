/*
 * The browser's way to call this app's API: same-origin fetch with the session cookie,
 * JSON in and out, and one error type carrying the server's `detail` (or the caller's
 * fallback message when the server gave none, e.g. on a network failure).
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

type Options = { method?: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown; fallback: string; signal?: AbortSignal };

export async function apiFetch<T = unknown>(path: string, { method = "GET", body, fallback, signal }: Options): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0);
  }
  if (response.status === 204) return undefined as T;
  if (!response.ok) throw await apiErrorOf(response, fallback);
  return (await response.json().catch(() => undefined)) as T;
}

/** The error a refused answer stands for: its `detail` (else the fallback) and the fields a 422 named. */
export async function apiErrorOf(response: Response, fallback: string): Promise<ApiError> {
  const data: unknown = await response.json().catch(() => undefined);
  const detail = data && typeof data === "object" && "detail" in data ? (data as { detail: unknown }).detail : undefined;
  const errors = data && typeof data === "object" && "errors" in data && Array.isArray((data as { errors: unknown }).errors) ? (data as { errors: { field?: unknown }[] }).errors : [];
  const fields = errors.flatMap((e) => (typeof e?.field === "string" ? [e.field] : []));
  return new ApiError(typeof detail === "string" && detail ? detail : fallback, response.status, fields);
}
