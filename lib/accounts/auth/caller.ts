import "server-only";
import { eq, sql } from "drizzle-orm";
import { preparedQuery, type Database } from "../../../db/client";
import { sessions, users, type UserRole } from "../../../db/schema";
import { getEnv } from "../../platform/env";
import { logger } from "../../platform/log/logger";
import { SESSION_TOKEN, sessionTokenFromCookies } from "./session-cookie";
import type { SessionRef } from "./sessions";

/** Which credential authenticated the call: the Authorization header or the browser's session cookie. */
export type Credential = "bearer" | "cookie";

/** Who is calling: resolved from a bearer token or the browser session cookie, checked against the database. */
export type Caller = {
  id: number;
  role: UserRole;
  email: string;
  firstName: string;
  lastName: string;
  twoFactorEnabled: boolean;
  credential: Credential;
  /** The session this credential belongs to, which POST /log_out (or the browser's sign-out) ends. */
  session: SessionRef;
};

export const ADMIN_TWO_FACTOR_REQUIRED = "Two-factor authentication is required for admin accounts.";

/**
 * With ADMIN_REQUIRE_TWO_FACTOR, an admin who has not confirmed two-factor sign-in may only set it
 * up (pages: lib/accounts/auth/page.ts; API: api/http/access.ts). Read from the caller the one lookup loaded.
 */
export function mustSetUpTwoFactor(caller: Caller): boolean {
  return caller.role === "admin" && !caller.twoFactorEnabled && getEnv().ADMIN_REQUIRE_TWO_FACTOR;
}

// How stale "last seen" may get before a request moves it forward (one write per session per this long).
const LAST_SEEN_STEP_MS = 5 * 60_000;

// One indexed round trip per request, as before the move: the session row and its user.
const callerBySessionToken = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      twoFactorEnabled: users.twoFactorEnabled,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.updatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // The app's clock, as Better Auth's when it set expires_at (not the database's).
    .where(sql`${sessions.token} = ${sql.placeholder("token")} AND ${sessions.expiresAt} > ${sql.placeholder("now")}`)
    .prepare("caller_by_session_token"),
);

// Sessions whose "last seen" is being written: a burst of requests on one session writes it once.
const touching = new Set<number>();

/** Moves "last seen" forward; a failure costs the listing some precision, never the request. */
function touch(db: Database, sessionId: number): void {
  if (touching.has(sessionId)) return;
  touching.add(sessionId);
  db
    .update(sessions)
    .set({ updatedAt: sql`now()` })
    .where(eq(sessions.id, sessionId))
    .catch((error: unknown) => logger().error({ err: error, session_id: sessionId }, "could not record a session's last use"))
    .finally(() => touching.delete(sessionId));
}

/**
 * The caller, or null when there is no valid credential. A bearer header wins over the cookie;
 * an inactive or deleted user, an expired session, or one that was signed out (its row is gone),
 * is no caller.
 */
export async function resolveCaller(db: Database, headers: Headers): Promise<Caller | null> {
  const authorization = headers.get("authorization");
  const credential: Credential = authorization ? "bearer" : "cookie";
  const token = authorization ? authorization.match(/^Bearer\s+(\S+)$/i)?.[1] : sessionTokenFromCookies(headers.get("cookie"), getEnv().AUTH_SECRET);
  if (!token || !SESSION_TOKEN.test(token)) return null;
  const [row] = await callerBySessionToken(db).execute({ token, now: new Date() });
  if (!row || !row.isActive) return null;
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_STEP_MS) touch(db, row.sessionId);
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    twoFactorEnabled: row.twoFactorEnabled,
    credential,
    session: { sessionId: row.sessionId, expiresAt: row.expiresAt },
  };
}
