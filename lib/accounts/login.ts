import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { users, type User } from "../../db/schema";
import { hashPassword, verifyPassword } from "../auth/password";
import { signAccessToken } from "../auth/tokens";
import { AppError } from "../http/app-error";
import { checkLimit, hitLimit, LIMITS } from "../rate-limit";
import { toPublicUser, type PublicUser } from "./serialize";

export const INVALID_LOGIN = "Invalid email or password.";

let dummyHash: Promise<string> | undefined;

/**
 * Checks an e-mail and password (shared by POST /log_in and the browser sign-in). Unknown
 * e-mails cost the same argon2 work as known ones; failures count against per-e-mail and
 * per-IP limits in PostgreSQL.
 */
export async function authenticate(email: string, password: string, ip: string): Promise<User> {
  await checkLimit(LIMITS.loginFailuresPerEmail, email);
  await checkLimit(LIMITS.loginFailuresPerIp, ip);

  const [user] = await getDb().select().from(users).where(eq(users.email, email));
  dummyHash ??= hashPassword("not-a-real-password-but-same-cost");
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !ok) {
    await hitLimit(LIMITS.loginFailuresPerEmail, email);
    await hitLimit(LIMITS.loginFailuresPerIp, ip);
    throw new AppError("unauthorized", INVALID_LOGIN);
  }
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
