import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { authenticate } from "../accounts/sign-in";
import { assertAnAdminRemains } from "../accounts/users";
import type { Caller } from "../auth/caller";
import { AppError } from "../http/app-error";

export const WRONG_PASSWORD = "Incorrect password.";

/**
 * DELETE /users/me: the learner deletes their own account, after typing its password again.
 * The password check is the log-in's (same argon2 cost, same failure limits per e-mail and
 * address: a stolen session cannot guess its way to a deletion). Everything the account owns
 * goes with it through the foreign keys, as an admin's delete does; the last admin cannot go.
 */
export async function deleteOwnAccount(caller: Caller, password: string, address: string): Promise<void> {
  try {
    await authenticate(caller.email, password, address);
  } catch (error) {
    // A wrong password from a signed-in user: 403, not 401 (the session itself is fine).
    if (error instanceof AppError && error.code === "unauthorized") throw new AppError("forbidden", WRONG_PASSWORD);
    throw error;
  }
  await getDb().transaction(async (tx) => {
    if (caller.role === "admin") await assertAnAdminRemains(tx, caller, caller.id);
    await tx.delete(users).where(eq(users.id, caller.id));
  });
}
