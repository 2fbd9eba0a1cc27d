import "server-only";
import type { Database } from "../../db/client";
import { AppError } from "../platform/http/app-error";
import { LOGIN_LIMITS, reserveAttempt } from "../platform/rate-limit";
import { authenticate } from "./sign-in";

/*
 * A password or a code typed again behind a session (deleting the account, turning two-factor
 * sign-in on or off). A stolen session must not become an oracle that answers "wrong" forever, so
 * every such check sits on the log-in's limits (docs/product-rules.md, "Log-in limits"): the same
 * failure slots per (e-mail, address), per address and per e-mail, taken before the check, kept by
 * a wrong answer and given back by a right one. Past the limit: 429 with Retry-After, even for
 * the right password.
 */

/** The caller's own password, checked exactly as log-in checks it; a wrong one throws `refusal()`. */
export async function confirmOwnPassword(db: Database, email: string, password: string, address: string, refusal: () => AppError): Promise<void> {
  try {
    await authenticate(db, email, password, address);
  } catch (error) {
    // The session itself is fine: the caller's refusal (400 or 403), not log-in's 401.
    if (error instanceof AppError && error.code === "unauthorized") throw refusal();
    throw error;
  }
}

/**
 * A second-factor code checked behind a session: takes a log-in failure slot before `check`
 * runs (the two-factor row's own lock still applies) and gives it back when the code matched or
 * nothing was checked (`check` threw).
 */
export async function checkOwnCode(db: Database, email: string, address: string, check: () => Promise<boolean>): Promise<boolean> {
  const release = await reserveAttempt(db, LOGIN_LIMITS, email, address);
  let matched: boolean;
  try {
    matched = await check();
  } catch (error) {
    await release();
    throw error;
  }
  if (matched) await release();
  return matched;
}
