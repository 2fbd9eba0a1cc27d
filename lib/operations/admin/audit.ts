import "server-only";
import { desc, eq } from "drizzle-orm";
import type { DatabaseOrTransaction, Transaction } from "../../../db/client";
import { adminAudit, users } from "../../../db/schema";
import type { AdminAuditEntry } from "./responses";

/*
 * The admin audit log (docs/security.md, "Admin actions"): one row per admin action on someone
 * else's account that changes how they sign in (two-factor reset, deactivation, reactivation),
 * written in the action's own transaction, so an action is never done without its entry.
 */

export const ADMIN_ACTIONS = ["two_factor_reset", "deactivate", "reactivate"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export async function recordAdminAction(tx: Transaction, entry: { adminId: number; action: AdminAction; target: { id: number; email: string } }): Promise<void> {
  await tx.insert(adminAudit).values({ adminId: entry.adminId, action: entry.action, targetUserId: entry.target.id, targetEmail: entry.target.email });
}

/** The latest entries about one user, newest first, with the admin's e-mail (null once that admin's account is gone). */
export async function listAdminActionsOn(db: DatabaseOrTransaction, userId: number, limit = 20): Promise<AdminAuditEntry[]> {
  const rows = await db
    .select({ action: adminAudit.action, at: adminAudit.createdAt, adminEmail: users.email })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.adminId))
    .where(eq(adminAudit.targetUserId, userId))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
  return rows.map((r) => ({ action: r.action as AdminAction, admin_email: r.adminEmail, at: r.at.toISOString() }));
}
