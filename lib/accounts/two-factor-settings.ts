import "server-only";
import { getDb } from "../../db/client";
import type { Caller } from "../auth/caller";
import { beginTwoFactor, checkConfirmedCode, checkSetupCode, INVALID_TWO_FACTOR_CODE, markTwoFactorOn, removeTwoFactor } from "../auth/two-factor";
import { AppError } from "../http/app-error";
import { checkOwnCode, confirmOwnPassword } from "./session-checks";

/*
 * My Account's two-factor calls: turning it on (POST /users/me/two-factor, then .../confirm) and
 * off (DELETE /users/me/two-factor). Every password and code they take is checked on the
 * log-in's limits (lib/accounts/session-checks.ts), so a stolen session guesses no faster than
 * log-in lets anyone guess.
 */

export const WRONG_PASSWORD = "Incorrect password.";

const wrongPassword = () => new AppError("bad_request", WRONG_PASSWORD);

/** Where a change came from, for the notice e-mail. */
export type ChangeOrigin = { address: string; userAgent: string };

/** POST /users/me/two-factor: with the password, a new secret and backup codes waiting for a code from the app. */
export async function startTwoFactorSetup(caller: Caller, password: string, origin: ChangeOrigin) {
  await confirmOwnPassword(caller.email, password, origin.address, wrongPassword);
  return beginTwoFactor(caller.id, caller.email);
}

/** POST /users/me/two-factor/confirm: a current code from the app turns two-factor sign-in on. */
export async function confirmTwoFactorSetup(caller: Caller, code: string, origin: ChangeOrigin): Promise<void> {
  if (!(await checkOwnCode(caller.email, origin.address, () => checkSetupCode(caller.id, code)))) throw new AppError("bad_request", INVALID_TWO_FACTOR_CODE);
  await getDb().transaction(async (tx) => {
    await markTwoFactorOn(tx, caller.id);
  });
}

/** DELETE /users/me/two-factor: with the password and a current (or backup) code, two-factor sign-in off. */
export async function turnTwoFactorOff(caller: Caller, password: string, code: string, origin: ChangeOrigin): Promise<void> {
  await confirmOwnPassword(caller.email, password, origin.address, wrongPassword);
  if (!(await checkOwnCode(caller.email, origin.address, () => checkConfirmedCode(caller.id, code)))) throw new AppError("bad_request", INVALID_TWO_FACTOR_CODE);
  await getDb().transaction(async (tx) => {
    await removeTwoFactor(tx, caller.id);
  });
}
