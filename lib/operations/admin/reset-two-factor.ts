import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import { confirmAccountHolder, type Confirmation, changeSeen, type ChangeOrigin, endAllSessions, removeTwoFactor, enqueueEmail } from "../../accounts";
import type { Caller } from "../../accounts";
import { AppError } from "../../platform/http/app-error";
import { recordAdminAction } from "./audit";

/*
 * POST /users/{id}/two-factor/reset (docs/security.md, "Admin actions"): an admin removes a
 * user's second factor, for someone who lost both their authenticator and their backup codes.
 * A stolen admin session must not be enough: the admin confirms their own password first
 * (lib/accounts/reauthentication.ts, on the log-in limits). Then, in one transaction: the
 * authenticator and backup codes go (a recovery under way with them), every session of the user
 * ends, the audit log gets its entry, and the user is e-mailed. Never on one's own account: an
 * admin turns their own off in My Account, with a code as everyone does.
 */

export const OWN_TWO_FACTOR = "Turn your own two-factor sign-in off in My Account.";
export const ALREADY_OFF = "Two-factor sign-in is already off for this user.";

export async function resetTwoFactorAsAdmin(db: Database, caller: Caller, targetId: number, given: Confirmation, origin: ChangeOrigin): Promise<{ message: string }> {
  if (targetId === caller.id) throw new AppError("conflict", OWN_TWO_FACTOR);
  await confirmAccountHolder(db, caller, given, origin.address);
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, email: users.email, on: users.twoFactorEnabled }).from(users).where(eq(users.id, targetId)).for("update");
    if (!target) throw new AppError("not_found", "User not found.");
    if (!target.on) throw new AppError("conflict", ALREADY_OFF);
    await removeTwoFactor(tx, target.id);
    await endAllSessions(tx, target.id);
    await recordAdminAction(tx, { adminId: caller.id, action: "two_factor_reset", target });
    await enqueueEmail(tx, { kind: "two-factor-off", to: target.email, change: changeSeen(origin), cause: "admin" });
    return { message: `Two-factor sign-in is off for ${target.email}; their sessions have ended and they have been e-mailed.` };
  });
}
