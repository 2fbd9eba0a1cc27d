import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import { toPublicUser, assertAnAdminRemains, endAllSessions } from "../../accounts";
import type { Caller, PublicUser } from "../../accounts";
import { AppError } from "../../platform/http/app-error";
import { recordAdminAction } from "./audit";

/*
 * PUT /users/{id}/status: an admin deactivates or reactivates an account (docs/product-rules.md,
 * Users and roles). A deactivated user is refused at sign-in and on every request
 * (lib/accounts/auth/caller.ts); their sessions end at once as well. Never one's own account, never the
 * last active admin; each change is in the admin audit log.
 */
export async function setUserActive(db: Database, caller: Caller, id: number, active: boolean): Promise<PublicUser> {
  if (id === caller.id && !active) throw new AppError("conflict", "You cannot deactivate your own account.");
  return db.transaction(async (tx) => {
    if (!active) await assertAnAdminRemains(tx, caller, id);
    const [user] = await tx.update(users).set({ isActive: active, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    if (!user) throw new AppError("not_found", "User not found.");
    if (!active) await endAllSessions(tx, id);
    await recordAdminAction(tx, { adminId: caller.id, action: active ? "reactivate" : "deactivate", target: user });
    return toPublicUser(user);
  });
}
