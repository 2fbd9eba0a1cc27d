import { hash, verify } from "@node-rs/argon2";
import { availableParallelism } from "node:os";
import { AppError } from "../../platform/http/app-error";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "../schemas";

// argon2id with the library defaults (19 MiB, t=2, p=1): OWASP's recommended minimum.
const ARGON2ID = 2;

/*
 * Each argon2 run takes a core for tens of milliseconds and 19 MiB: a burst of them would starve
 * every other request of this process. At most ARGON2_MAX_RUNNING run at once; up to
 * ARGON2_MAX_WAITING more wait their turn (a few seconds at most); beyond that the request is
 * refused with 429 and Retry-After, before any work.
 */
export const ARGON2_MAX_RUNNING = Math.max(1, Math.floor(availableParallelism() / 2));
export const ARGON2_MAX_WAITING = 32;
export const SERVER_BUSY = "The server is busy. Please try again in a moment.";

let running = 0;
const waiting: (() => void)[] = [];

/** How many argon2 runs are under way and how many wait (for tests and diagnostics). */
export function argon2Load(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

async function withArgon2Slot<T>(work: () => Promise<T>): Promise<T> {
  if (running < ARGON2_MAX_RUNNING) running++;
  else if (waiting.length < ARGON2_MAX_WAITING) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw new AppError("rate_limited", SERVER_BUSY, { retryAfterSeconds: 1 });
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line; only when nobody waits is it given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * A new password's hash. The schemas refuse a password outside the rule first
 * (lib/accounts/schemas.ts); this refuses it too, so no path stores one.
 */
export async function hashPassword(password: string): Promise<string> {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError("invalid", PASSWORD_TOO_SHORT);
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError("invalid", PASSWORD_TOO_LONG);
  return withArgon2Slot(() => hash(password, { algorithm: ARGON2ID }));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // No stored hash was made from a longer one (hashPassword refuses it): no argon2 run to say so.
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  return withArgon2Slot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
