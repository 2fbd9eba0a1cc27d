import "server-only";
import type { Database } from "../../db/client";
import type { Caller } from "./auth/caller";
import { beginTwoFactor, checkConfirmedCode, checkSetupCode, INVALID_TWO_FACTOR_CODE, markTwoFactorOn, removeTwoFactor } from "./auth/two-factor";
import { AppError } from "../platform/http/app-error";
import { confirmAccountHolder, type Confirmation } from "./reauthentication";
import { checkOwnCode } from "./session-checks";
import { changeSeen, noticeTwoFactorOff, noticeTwoFactorOn, type ChangeOrigin } from "./two-factor-notices";

/*
 * My Account's two-factor calls: turning it on (POST /users/me/two-factor, then .../confirm) and
 * off (DELETE /users/me/two-factor). The caller proves they hold the account with the password,
 * or without one a mailed code (lib/accounts/reauthentication.ts); every password and code they
 * take is checked on the log-in's limits (lib/accounts/session-checks.ts), so a stolen session guesses no faster than
 * log-in lets anyone guess. Turning it on or off e-mails the owner in the same transaction, with a
 * link to report it was not them (lib/accounts/two-factor-notices.ts).
 */

/** POST /users/me/two-factor: with the password (or the mailed code), a new secret and backup codes waiting for a code from the app. */
export async function startTwoFactorSetup(db: Database, caller: Caller, given: Confirmation, origin: ChangeOrigin) {
  await confirmAccountHolder(db, caller, given, origin.address);
  return beginTwoFactor(db, caller.id, caller.email);
}

/** POST /users/me/two-factor/confirm: a current code from the app turns two-factor sign-in on. */
export async function confirmTwoFactorSetup(db: Database, caller: Caller, code: string, origin: ChangeOrigin): Promise<void> {
  if (!(await checkOwnCode(db, caller.email, origin.address, () => checkSetupCode(db, caller.id, code)))) throw new AppError("bad_request", INVALID_TWO_FACTOR_CODE);
  // Milliseconds, as JavaScript keeps them: the notice's link compares this very value.
  const confirmedAt = new Date();
  await db.transaction(async (tx) => {
    await markTwoFactorOn(tx, caller.id, confirmedAt);
    await noticeTwoFactorOn(tx, caller, changeSeen(origin, confirmedAt), confirmedAt);
  });
}

/** DELETE /users/me/two-factor: with the password (or the mailed code) and a current (or backup) code, two-factor sign-in off. */
export async function turnTwoFactorOff(db: Database, caller: Caller, { code, ...given }: Confirmation & { code: string }, origin: ChangeOrigin): Promise<void> {
  await confirmAccountHolder(db, caller, given, origin.address);
  if (!(await checkOwnCode(db, caller.email, origin.address, () => checkConfirmedCode(db, caller.id, code)))) throw new AppError("bad_request", INVALID_TWO_FACTOR_CODE);
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, caller.id);
    await noticeTwoFactorOff(tx, caller, changeSeen(origin), "settings");
  });
}
