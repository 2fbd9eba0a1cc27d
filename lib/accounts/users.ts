import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client";
import { users } from "../../db/schema";
import type { Caller } from "./auth/caller";
import { endAllSessions } from "./auth/sessions";
import { AppError } from "../platform/http/app-error";
import type { PublicUser } from "./responses";
import { toPublicUser } from "./serialize";

const NOT_FOUND = "User not found.";
export const LAST_ADMIN = "This would leave no active admin: make another user an admin first.";

/**
 * For a change that may remove an admin (demotion, deactivation, deletion): locks every active
 * admin row, in id order so two such changes cannot deadlock, and refuses (409) when the target
 * is the last one. Two admins demoting each other at the same moment queue on these locks, and
 * the second then sees that only its target is left. The caller must still be one of them.
 */
export async function assertAnAdminRemains(tx: Transaction, caller: Caller, targetId: number): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for("update");
  const ids = new Set(admins.map((a) => a.id));
  if (ids.has(targetId) && ids.size === 1) throw new AppError("conflict", LAST_ADMIN);
  if (!ids.has(caller.id)) throw new AppError("forbidden", "You do not have permission to do this.");
}

export async function getUser(db: DatabaseOrTransaction, id: number): Promise<PublicUser> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError("not_found", NOT_FOUND);
  return toPublicUser(user);
}

/** An admin edits a user's names and role. A role change ends the user's sessions; the last admin stays one. */
export async function updateUserAsAdmin(
  db: Database,
  caller: Caller,
  id: number,
  input: { first_name: string; last_name: string; role: "user" | "admin" },
): Promise<PublicUser> {
  if (id === caller.id && input.role !== "admin") {
    throw new AppError("conflict", "You cannot remove your own admin role.");
  }
  return db.transaction(async (tx) => {
    if (input.role !== "admin") await assertAnAdminRemains(tx, caller, id);
    const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for("update");
    if (!before) throw new AppError("not_found", NOT_FOUND);
    // A new role starts with a new sign-in: every session of the user ends.
    if (before.role !== input.role) await endAllSessions(tx, id);
    const [user] = await tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        role: input.role,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning();
    if (!user) throw new AppError("not_found", NOT_FOUND);
    return toPublicUser(user);
  });
}

/** An admin deletes a user and, through the foreign keys, everything that user owns; never the last admin. */
export async function deleteUser(db: Database, caller: Caller, id: number): Promise<void> {
  if (id === caller.id) throw new AppError("conflict", "You cannot delete your own account.");
  await db.transaction(async (tx) => {
    await assertAnAdminRemains(tx, caller, id);
    const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (!deleted.length) throw new AppError("not_found", NOT_FOUND);
  });
}

/** A user's own names (the e-mail and role are not theirs to change here). */
export async function updateProfile(db: DatabaseOrTransaction, id: number, input: { first_name: string; last_name: string }): Promise<PublicUser> {
  const [user] = await db
    .update(users)
    .set({ firstName: input.first_name, lastName: input.last_name, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw new AppError("not_found", NOT_FOUND);
  return toPublicUser(user);
}
