import { hash, verify } from "@node-rs/argon2";

// argon2id with the library defaults (19 MiB, t=2, p=1): OWASP's recommended minimum.
const ARGON2ID = 2;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
