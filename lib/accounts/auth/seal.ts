import "server-only";
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { getEnv } from "../../platform/env";

/*
 * Authenticated encryption (AES-256-GCM) for secrets that must wait in the database for a
 * while: a code inside a queued e-mail job, the password of a sign-up waiting for its code.
 * The key is derived from AUTH_SECRET, the purpose, and optionally a secret only the client
 * holds (the sign-up token): then the database and AUTH_SECRET together still cannot open it.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(purpose: string, clientSecret: string): Buffer {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`seal\u0000${purpose}\u0000${clientSecret}`).digest();
}

export function seal(plaintext: string, purpose: string, clientSecret = ""): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose, clientSecret), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plaintext, or null when the box was sealed for another purpose or secret, or tampered with. */
export function unseal(sealed: string, purpose: string, clientSecret = ""): string | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose, clientSecret), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
