import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { getEnv } from "../env";
import { isSessionId, type SessionRef } from "./sessions";

/*
 * API access tokens: short-lived HS256 JWTs (the only algorithm accepted) carrying the user id,
 * token_version and a session id of their own. Every request compares the version with the
 * database and looks the session id up in the sign-out deny-list, so a password or role change,
 * deactivation, deletion or POST /log_out ends the token at once.
 */

const ALGORITHM = "HS256";
const ISSUER = "learnpath";
const AUDIENCE = "learnpath-api";

export type TokenClaims = { userId: number; tokenVersion: number };

/** A verified credential: whose, which token_version, and which session. */
export type VerifiedClaims = TokenClaims & SessionRef;

function key(): Uint8Array {
  return new TextEncoder().encode(getEnv().AUTH_SECRET);
}

export async function signAccessToken(claims: TokenClaims): Promise<string> {
  return new SignJWT({ tv: claims.tokenVersion, sid: randomUUID() })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${getEnv().ACCESS_TOKEN_TTL_MINUTES}m`)
    .sign(key());
}

/** The claims of a valid, unexpired token of ours; null for anything else. */
export async function verifyAccessToken(token: string): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    const tokenVersion = payload.tv;
    if (!Number.isSafeInteger(userId) || typeof tokenVersion !== "number" || !isSessionId(payload.sid) || typeof payload.exp !== "number") return null;
    return { userId, tokenVersion, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
