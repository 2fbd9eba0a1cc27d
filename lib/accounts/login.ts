import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { users, type User } from "../../db/schema";
import { hashPassword, verifyPassword } from "../auth/password";
import { signAccessToken } from "../auth/tokens";
import { AppError } from "../http/app-error";
import { LOGIN_LIMITS, reserveAttempt } from "../rate-limit";
import { toPublicUser, type PublicUser } from "./serialize";

export const INVALID_LOGIN = "Invalid email or password.";

let dummyHash: Promise<string> | undefined;

/**
 * Checks an e-mail and password (shared by POST /log_in and the browser sign-in). Unknown
 * e-mails cost the same argon2 work as known ones. Every attempt takes a failure slot (per e-mail
 * and address, per address, per e-mail) before the check, so a burst of parallel guesses gets at
 * most the limit's worth of checks; a correct password gives its slots back.
 */
export async function authenticate(email: string, password: string, ip: string): Promise<User> {
  const release = await reserveAttempt(LOGIN_LIMITS, email, ip);
  let user: User | undefined;
  let ok: boolean;
  try {
    [user] = await getDb().select().from(users).where(eq(users.email, email));
    dummyHash ??= hashPassword("not-a-real-password-but-same-cost");
    ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  } catch (error) {
    // Nothing was checked (database down, server busy): not a failure.
    await release();
    throw error;
  }
  // A wrong password keeps its slots: they are what the limits count.
  if (!user || !ok) throw new AppError("unauthorized", INVALID_LOGIN);
  await release();
  if (!user.isActive) throw new AppError("forbidden", "This account has been deactivated.");
  return user;
}

export type LoginResponse = { access_token: string; token_type: "bearer"; user: PublicUser };

export async function logIn(email: string, password: string, ip: string): Promise<LoginResponse> {
  const user = await authenticate(email, password, ip);
  return {
    access_token: await signAccessToken({ userId: user.id, tokenVersion: user.tokenVersion }),
    token_type: "bearer",
    user: toPublicUser(user),
  };
}
