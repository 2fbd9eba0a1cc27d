/*
 * Whether an error means PostgreSQL cannot be reached right now (stopped, restarting, failing
 * over, or the pool waited too long for a connection), as opposed to a bug: callers answer 503
 * (API) or "temporarily unavailable" (sign-in form) instead of a 500 with internals.
 */

// Connection refused/reset/timed out; admin shutdown, crash shutdown, cannot connect now; connection failures.
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P02", "57P03", "08006", "08001", "08000"]);

export const SERVICE_UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment.";

/** Looks through the error and its causes (drizzle wraps the driver's error). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    // "not queryable": a statement sent on a client whose connection was cut earlier (a transaction's ROLLBACK after the cut).
    if (typeof message === "string" && /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
