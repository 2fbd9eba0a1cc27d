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

// A user id exactly as signAccessToken writes it: Number() would also read "0x2", " 2" or "2.0" as 2.
const USER_ID = /^[1-9]\d{0,15}$/;

/** A verified credential: whose, which token_version, and which session. */
export type VerifiedClaims = TokenClaims & SessionRef;

// Imported once per secret: handing jose the raw bytes would import a CryptoKey on every request.
let signingKey: { secret: string; key: Promise<CryptoKey> } | undefined;

function key(): Promise<CryptoKey> {
  const secret = getEnv().AUTH_SECRET;
  if (signingKey?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    signingKey = { secret, key: crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) };
  }
  return signingKey.key;
}

export async function signAccessToken(claims: TokenClaims): Promise<string> {
  return new SignJWT({ tv: claims.tokenVersion, sid: randomUUID() })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${getEnv().ACCESS_TOKEN_TTL_MINUTES}m`)
    .sign(await key());
}

/**
 * The claims of a valid, unexpired token of ours; null for anything else. A token must carry exp
 * (one without would never expire), iat, and a sub of plain decimal digits.
 */
export async function verifyAccessToken(token: string): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ["exp", "iat", "sub"] });
    const tokenVersion = payload.tv;
    if (!USER_ID.test(payload.sub ?? "") || typeof tokenVersion !== "number" || !isSessionId(payload.sid) || typeof payload.exp !== "number") return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId)) return null;
    return { userId, tokenVersion, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
