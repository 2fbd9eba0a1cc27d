import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { describeFailure } from "@/lib/platform/http/failure";
import { jsonResponse } from "@/lib/platform/http/json-response";

/*
 * The API's answer to a failure, `{detail}` (422 adds `errors`): every endpoint, validator and
 * middleware of the app ends here (api/app.ts `onError`). Validation and Hono's own refusals are
 * the API's; everything else is mapped once, by lib/platform/http/failure.ts (the browser's sign-in maps
 * with it too).
 */

export const BODY_TOO_LARGE = "Request body is too large.";

export function errorResponse(error: unknown): Response {
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => ({ field: issue.path.join(".") || "body", message: issue.message }));
    return jsonResponse({ detail: errors[0]?.message ?? "Invalid input.", errors }, { status: 422 });
  }
  // Hono's own refusals (a body over the limit, a malformed request it parsed itself).
  if (error instanceof HTTPException && error.status < 500) {
    return jsonResponse({ detail: error.status === 413 ? BODY_TOO_LARGE : error.message || "Bad request." }, { status: error.status });
  }
  const failure = describeFailure(error);
  const headers: Record<string, string> = {};
  if (failure.retryAfterSeconds) headers["retry-after"] = String(failure.retryAfterSeconds);
  if (failure.status === 401) headers["www-authenticate"] = "Bearer";
  return jsonResponse({ detail: failure.message, ...(failure.fields ? { errors: failure.fields } : {}) }, { status: failure.status, headers });
}
