import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError } from "@/lib/http/app-error";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE } from "@/lib/http/database-unavailable";
import { jsonResponse } from "@/lib/http/json-response";
import { logger } from "@/lib/log/logger";

/*
 * The one mapper from a failure to the API's answer, `{detail}` (422 adds `errors`): every
 * endpoint, validator and middleware of the app ends here (api/app.ts `onError`). Bad input never
 * becomes a 500, and no stack trace leaves the server.
 */

export const BODY_TOO_LARGE = "Request body is too large.";

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.extra.retryAfterSeconds) headers["retry-after"] = String(error.extra.retryAfterSeconds);
    if (error.status === 401) headers["www-authenticate"] = "Bearer";
    return jsonResponse({ detail: error.message, ...(error.extra.fields ? { errors: error.extra.fields } : {}) }, { status: error.status, headers });
  }
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => ({ field: issue.path.join(".") || "body", message: issue.message }));
    return jsonResponse({ detail: errors[0]?.message ?? "Invalid input.", errors }, { status: 422 });
  }
  // Hono's own refusals (a body over the limit, a malformed request it parsed itself).
  if (error instanceof HTTPException && error.status < 500) {
    return jsonResponse({ detail: error.status === 413 ? BODY_TOO_LARGE : error.message || "Bad request." }, { status: error.status });
  }
  if (isDatabaseUnavailable(error)) return jsonResponse({ detail: SERVICE_UNAVAILABLE }, { status: 503, headers: { "retry-after": "5" } });
  logger().error({ err: error }, "unexpected error");
  return jsonResponse({ detail: "Something went wrong." }, { status: 500 });
}
