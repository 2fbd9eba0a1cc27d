import "server-only";
import { eq, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { preparedQuery } from "../../db/client";
import { endedSessions, users, type UserRole } from "../../db/schema";
import { getEnv } from "../env";
import { browserSessionEnd, isSessionId, type SessionRef } from "./sessions";
import { verifyAccessToken, type VerifiedClaims } from "./tokens";

/** Which credential authenticated the call: the Authorization header or the browser's session cookie. */
export type Credential = "bearer" | "cookie";

/** Who is calling: resolved from a bearer token or the browser session cookie, checked against the database. */
export type Caller = {
  id: number;
  role: UserRole;
  email: string;
  firstName: string;
  lastName: string;
  credential: Credential;
  /** The session this credential belongs to, which POST /log_out (or the browser's sign-out) ends. */
  session: SessionRef;
};

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeCookie(part.slice(index + 1).trim());
  }
  return undefined;
}

/** A cookie value with broken percent-encoding (decodeURIComponent throws) is no credential. */
function decodeCookie(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

async function sessionClaims(cookieHeader: string | null): Promise<VerifiedClaims | null> {
  for (const name of SESSION_COOKIES) {
    const token = cookieValue(cookieHeader, name);
    if (!token) continue;
    try {
      const payload = await decode({ token, secret: getEnv().AUTH_SECRET });
      if (!payload || !Number.isSafeInteger(payload.uid) || typeof payload.tv !== "number") continue;
      // Sessions from before session ids existed have no way to be signed out: no longer accepted.
      if (!isSessionId(payload.sid) || !Number.isSafeInteger(payload.signedInAt)) continue;
      // However often next-auth refreshes the cookie, the session ends a fixed time after sign-in.
      const expiresAt = browserSessionEnd(payload.signedInAt);
      if (expiresAt.getTime() <= Date.now()) continue;
      return { userId: payload.uid, tokenVersion: payload.tv, sessionId: payload.sid, expiresAt };
    } catch {
      // A cookie we cannot decrypt is as good as none.
    }
  }
  return null;
}

const callerById = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      // The sign-out deny-list, answered by the same round trip (a primary-key lookup).
      sessionEnded: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.sessionId} = ${sql.placeholder("sessionId")}::uuid)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("caller_by_id"),
);

/**
 * The caller, or null when there is no valid credential. A bearer header wins over the cookie;
 * an inactive or deleted user, a token older than the user's token_version, or a session that
 * was signed out, is no caller.
 */
export async function resolveCaller(headers: Headers): Promise<Caller | null> {
  const authorization = headers.get("authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const credential: Credential = authorization ? "bearer" : "cookie";
  const claims = authorization ? (bearer ? await verifyAccessToken(bearer) : null) : await sessionClaims(headers.get("cookie"));
  if (!claims) return null;

  const [user] = await callerById().execute({ id: claims.userId, sessionId: claims.sessionId });
  if (!user || !user.isActive || user.tokenVersion !== claims.tokenVersion || user.sessionEnded) return null;
  const session = { sessionId: claims.sessionId, expiresAt: claims.expiresAt };
  return { id: user.id, role: user.role, email: user.email, firstName: user.firstName, lastName: user.lastName, credential, session };
}
