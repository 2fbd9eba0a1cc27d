import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { toPublicUser } from "../accounts/serialize";
import { assertAnAdminRemains } from "../accounts/users";
import type { Caller } from "../auth/caller";
import { endAllSessions } from "../auth/sessions";
import { AppError } from "../http/app-error";
import type { PublicUser } from "../validation/responses/accounts";
import { recordAdminAction } from "./audit";

/*
 * PUT /users/{id}/status: an admin deactivates or reactivates an account (docs/product-rules.md,
 * Users and roles). A deactivated user is refused at sign-in and on every request
 * (lib/auth/caller.ts); their sessions end at once as well. Never one's own account, never the
 * last active admin; each change is in the admin audit log.
 */
export async function setUserActive(caller: Caller, id: number, active: boolean): Promise<PublicUser> {
  if (id === caller.id && !active) throw new AppError("conflict", "You cannot deactivate your own account.");
  return getDb().transaction(async (tx) => {
    if (!active) await assertAnAdminRemains(tx, caller, id);
    const [user] = await tx.update(users).set({ isActive: active, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    if (!user) throw new AppError("not_found", "User not found.");
    if (!active) await endAllSessions(id, tx);
    await recordAdminAction(tx, { adminId: caller.id, action: active ? "reactivate" : "deactivate", target: user });
    return toPublicUser(user);
  });
}
