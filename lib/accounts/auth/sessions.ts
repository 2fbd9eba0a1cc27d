import "server-only";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { AuthContext, Session } from "better-auth";
import type { Database, DatabaseOrTransaction } from "../../../db/client";
import { sessions } from "../../../db/schema";

/*
 * Sessions are rows of Better Auth's session table: a browser cookie carries the signed token of
 * one, a bearer access_token is the token of one. Ending a session deletes its row, so every copy
 * of the credential stops working at once (lib/accounts/auth/caller.ts looks the token up on every call).
 */

/** What a valid credential says besides the user: which session, and when it ends by itself. */
export type SessionRef = { sessionId: number; expiresAt: Date };

/**
 * A new session for a user who proved who they are; returns its token (the credential). Made by
 * Better Auth (its hooks run), through the instance's context the caller hands in: the sign-in
 * plugin has it, everyone else takes it from lib/accounts/auth/instance.ts.
 */
export async function startSession(auth: Pick<AuthContext, "internalAdapter">, userId: number, options: { address: string; userAgent: string; expiresAt?: Date }): Promise<Session> {
  const override = { ipAddress: options.address, userAgent: options.userAgent.slice(0, 500), ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}) };
  return auth.internalAdapter.createSession(String(userId), false, override, true);
}

/** Signs one session out: its credential is refused from now on, wherever it was copied to. */
export async function endSession(db: DatabaseOrTransaction, userId: number, sessionId: number): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** "Sign out everywhere", a password reset, a role change: every session of this user ends at once. */
export async function endAllSessions(db: Pick<Database, "delete">, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export type ActiveSession = { id: number; ip_address: string | null; user_agent: string | null; created_at: Date; last_seen_at: Date; expires_at: Date };

/** A user's sessions that have not expired, most recently seen first. */
export async function listSessions(db: DatabaseOrTransaction, userId: number): Promise<ActiveSession[]> {
  return db
    .select({
      id: sessions.id,
      ip_address: sessions.ipAddress,
      user_agent: sessions.userAgent,
      created_at: sessions.createdAt,
      last_seen_at: sessions.updatedAt,
      expires_at: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
}

/** Expired sessions refuse nothing more (the maintenance job runs this); returns how many went. */
export async function pruneExpiredSessions(db: DatabaseOrTransaction): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return result.rowCount ?? 0;
}
