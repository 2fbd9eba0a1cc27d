/** The one error type business rules throw; the route wrapper maps it to a status and `{detail}`. */
export type AppErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "request_timeout"
  | "conflict"
  | "unsupported_media_type"
  | "invalid"
  | "rate_limited"
  | "unavailable";

export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  unsupported_media_type: 415,
  invalid: 422,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly extra: { retryAfterSeconds?: number; fields?: { field: string; message: string }[] } = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}
