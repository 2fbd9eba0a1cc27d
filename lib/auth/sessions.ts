import "server-only";
import { eq, lt, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { endedSessions, users } from "../../db/schema";

/*
 * Sessions end on the server. Every credential (the browser's session cookie and each bearer
 * token) carries a session id (`sid`); signing out puts that id on a deny-list, which the caller
 * lookup checks in the same indexed query that reads the user (lib/auth/caller.ts). "Sign out
 * everywhere" bumps the user's token_version instead, which every credential also carries.
 */

/** A browser session lasts this long from sign-in, however often its cookie is refreshed. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** What a valid credential says besides the user: which session, and when it ends by itself. */
export type SessionRef = { sessionId: string; expiresAt: Date };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Session ids are random UUIDs; anything else in a token is no session of ours. */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** When a browser session that began at `signedInAt` (epoch seconds) ends. */
export function browserSessionEnd(signedInAt: number): Date {
  return new Date((signedInAt + SESSION_MAX_AGE_SECONDS) * 1000);
}

/** Signs one session out: its credential is refused from now on, wherever it was copied to. */
export async function endSession(userId: number, session: SessionRef): Promise<void> {
  await getDb().insert(endedSessions).values({ sessionId: session.sessionId, userId, expiresAt: session.expiresAt }).onConflictDoNothing();
}

/** Rows for sessions that have expired by now refuse nothing more (the maintenance job runs this); returns how many went. */
export async function pruneEndedSessions(): Promise<number> {
  const result = await getDb().delete(endedSessions).where(lt(endedSessions.expiresAt, sql`now()`));
  return result.rowCount ?? 0;
}

/** "Sign out everywhere": every cookie and bearer token of this user stops working at once. */
export async function endAllSessions(userId: number): Promise<void> {
  await getDb()
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
