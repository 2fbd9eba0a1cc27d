import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import { passwordToCheck, type Confirmation, checkOwnCode, confirmOwnPassword, assertAnAdminRemains, INVALID_TWO_FACTOR_CODE, TWO_FACTOR_REQUIRED, verifySignInCode } from "../../accounts";
import type { Caller } from "../../accounts";
import { AppError } from "../../platform/http/app-error";

export const WRONG_PASSWORD = "Incorrect password.";

/** What DELETE /users/me takes: the password (or the mailed code), and `code` from the app when two-factor is on. */
export type DeleteConfirmation = Confirmation & { code?: string };

/** A wrong password or code from a signed-in user: 403, not 401 or 400 (the session itself is fine). */
async function refusedAs403<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && (error.code === "unauthorized" || error.code === "bad_request")) throw new AppError("forbidden", error.message);
    throw error;
  }
}

/**
 * DELETE /users/me: the learner deletes their own account, after typing its password again (an
 * account without one: a mailed code, lib/accounts/reauthentication.ts). The password check is the
 * log-in's (same argon2 cost, same failure limits per e-mail and address: a stolen session cannot
 * guess its way to a deletion). With two-factor on, a current code from the app (or a backup code)
 * as well, checked as at sign-in (each step once, the lock after wrong ones). Everything the
 * account owns goes with it through the foreign keys, as an admin's delete does; the last admin
 * cannot go.
 */
export async function deleteOwnAccount(db: Database, caller: Caller, given: DeleteConfirmation, address: string): Promise<void> {
  const twoFactorCode = caller.twoFactorEnabled ? given.code : null;
  // Asked before anything is checked, so neither a password try nor a mailed code is spent on a call that cannot pass.
  if (twoFactorCode === undefined) throw new AppError("invalid", TWO_FACTOR_REQUIRED, { fields: [{ field: "code", message: TWO_FACTOR_REQUIRED }] });
  const password = await refusedAs403(() => passwordToCheck(db, caller, given, address));
  if (password !== null) await confirmOwnPassword(db, caller.email, password, address, () => new AppError("forbidden", WRONG_PASSWORD));
  if (twoFactorCode !== null && !(await checkOwnCode(db, caller.email, address, () => verifySignInCode(db, caller.id, twoFactorCode)))) throw new AppError("forbidden", INVALID_TWO_FACTOR_CODE);
  await db.transaction(async (tx) => {
    if (caller.role === "admin") await assertAnAdminRemains(tx, caller, caller.id);
    await tx.delete(users).where(eq(users.id, caller.id));
  });
}
