import "server-only";
import type { Database } from "../../db/client";
import type { Caller } from "./auth/caller";
import { hasPassword } from "./auth/credentials";
import { AppError } from "../platform/http/app-error";
import { reserveAttempt, SEND_CODE_LIMITS } from "../platform/rate-limit";
import { PASSWORD_REQUIRED } from "./schemas";
import { checkCode, issueCode } from "./code-checks";
import { consumeCode, INVALID_CODE, lockCodeRow } from "./codes";
import { sendCodeEmail } from "./code-email";
import { OTP_TYPE } from "./email-otp";
import { checkOwnCode, confirmOwnPassword } from "./session-checks";

/*
 * A signed-in caller confirms they are the account holder before what a stolen session must not
 * do alone (turning two-factor sign-in on or off, deleting the account): with the password, or,
 * for an account without one (people who only sign in through the identity provider), with a
 * 6-digit code mailed to the account's address (POST /users/me/confirmation-code). An account
 * with a password must give it: a mailed code never stands in for it. A mailed code is checked
 * as the password is at log-in (a slot of the log-in limits per try, given back when it is
 * right), locks after 5 wrong tries like every mailed code (lib/accounts/code-checks.ts), and is
 * spent by its use.
 */

/** What the caller typed to confirm: the password, or the mailed code (`email_code`). */
export type Confirmation = { password?: string; email_code?: string };

export const NO_PASSWORD = "This account has no password: confirm with a code sent to your e-mail.";
export const HAS_PASSWORD = "Your account has a password: confirm with it.";
export const WRONG_PASSWORD = "Incorrect password.";

const PURPOSE = "reauthenticate";

/** POST /users/me/confirmation-code: a code to the caller's own address, for an account without a password. */
export async function sendConfirmationCode(db: Database, caller: Caller, address: string): Promise<{ message: string }> {
  if (await hasPassword(db, caller.id)) throw new AppError("conflict", HAS_PASSWORD);
  await reserveAttempt(db, SEND_CODE_LIMITS, caller.email, address);
  const { code } = await issueCode(db, caller.email, PURPOSE);
  await sendCodeEmail(db, { email: caller.email, otp: code, type: OTP_TYPE[PURPOSE] });
  return { message: `We sent a confirmation code to ${caller.email}.` };
}

/** Checks and spends a mailed code on the log-in limits (session-checks.ts): a wrong one keeps its slot, as a wrong password does. */
async function checkMailedCode(db: Database, email: string, code: string, address: string): Promise<void> {
  let refusal: AppError | undefined;
  const matched = await checkOwnCode(db, email, address, async () => {
    try {
      await checkCode(db, email, PURPOSE, code);
    } catch (error) {
      // A wrong or locked code was compared: a failure. Anything else (the database is down) was not.
      if (!(error instanceof AppError && error.code === "bad_request")) throw error;
      refusal = error;
      return false;
    }
    // Spent meanwhile by a parallel request with the same code: one of them wins.
    return db.transaction(async (tx) => {
      await lockCodeRow(tx, email, PURPOSE);
      return consumeCode(tx, email, PURPOSE, code);
    });
  });
  if (!matched) throw refusal ?? new AppError("bad_request", INVALID_CODE);
}

/**
 * The password the caller must still check (their account has one), or null once the mailed code
 * confirmed a caller whose account has none. Throws 422 when the needed one is missing, 400 for
 * a wrong mailed code, 429 past the limits.
 */
export async function passwordToCheck(db: Database, caller: Pick<Caller, "id" | "email">, given: Confirmation, address: string): Promise<string | null> {
  if (await hasPassword(db, caller.id)) {
    if (!given.password) throw new AppError("invalid", PASSWORD_REQUIRED, { fields: [{ field: "password", message: PASSWORD_REQUIRED }] });
    return given.password;
  }
  if (!given.email_code) throw new AppError("invalid", NO_PASSWORD, { fields: [{ field: "email_code", message: NO_PASSWORD }] });
  await checkMailedCode(db, caller.email, given.email_code, address);
  return null;
}

/**
 * The caller proves they hold the account, behind their session: their password, checked as
 * log-in checks it (a wrong one: 400 "Incorrect password."), or for an account without one the
 * mailed code; both on the log-in's limits.
 */
export async function confirmAccountHolder(db: Database, caller: Pick<Caller, "id" | "email">, given: Confirmation, address: string): Promise<void> {
  const password = await passwordToCheck(db, caller, given, address);
  if (password !== null) await confirmOwnPassword(db, caller.email, password, address, () => new AppError("bad_request", WRONG_PASSWORD));
}
