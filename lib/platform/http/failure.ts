import { logger } from "../log/logger";
import { AppError, type AppErrorCode } from "./app-error";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE } from "./database-unavailable";
import { requestCutOf } from "./request-cut";

/*
 * What a caller is told when something throws: a status, the message a person reads, a code a
 * client can branch on, and how long to wait when waiting helps. The one mapping for both doors:
 * the API renders it as `{detail}` (api/http/errors.ts), the browser's sign-in as Better Auth's
 * `{message, code}` (lib/accounts/auth/sign-in-plugin.ts). It lives in lib/ because the sign-in plugin
 * cannot import api/. No driver's error text (SQL) or stack trace leaves the server.
 */

export type Failure = {
  status: number;
  message: string;
  code: AppErrorCode | "internal";
  retryAfterSeconds?: number;
  fields?: { field: string; message: string }[];
};

export const INTERNAL_ERROR = "Something went wrong.";

export function describeFailure(error: unknown): Failure {
  if (error instanceof AppError) {
    return { status: error.status, message: error.message, code: error.code, retryAfterSeconds: error.extra.retryAfterSeconds, fields: error.extra.fields };
  }
  // A body the web server cut for arriving too slowly (it has answered 408 on the socket): read as it failed, wherever that was.
  const cut = requestCutOf(error);
  if (cut) return { status: 408, message: cut.message, code: "request_timeout" };
  if (isDatabaseUnavailable(error)) return { status: 503, message: SERVICE_UNAVAILABLE, code: "unavailable", retryAfterSeconds: 5 };
  logger().error({ err: error }, "unexpected error");
  return { status: 500, message: INTERNAL_ERROR, code: "internal" };
}
