import { jwtVerify, SignJWT } from "jose";
import { getEnv } from "../env";

/*
 * API access tokens: short-lived HS256 JWTs (the only algorithm accepted) carrying the user id
 * and token_version. Every request compares the version with the database, so a password or
 * role change, deactivation or deletion ends old tokens at once.
 */

const ALGORITHM = "HS256";
const ISSUER = "learnpath";
const AUDIENCE = "learnpath-api";

export type TokenClaims = { userId: number; tokenVersion: number };

function key(): Uint8Array {
  return new TextEncoder().encode(getEnv().AUTH_SECRET);
}

export async function signAccessToken(claims: TokenClaims): Promise<string> {
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${getEnv().ACCESS_TOKEN_TTL_MINUTES}m`)
    .sign(key());
}

/** The claims of a valid, unexpired token of ours; null for anything else. */
export async function verifyAccessToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    const tokenVersion = payload.tv;
    if (!Number.isSafeInteger(userId) || typeof tokenVersion !== "number") return null;
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
