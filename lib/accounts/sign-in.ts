import "server-only";
import type { AuthContext } from "better-auth";
import { eq, getTableColumns } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts, users, type User } from "../../db/schema";
import { credentialOfUser } from "./auth/credentials";
import { hashPassword, verifyPassword } from "./auth/password";
import { withSecondFactorChecked } from "./auth/second-factor-gate";
import { startSession } from "./auth/sessions";
import { TWO_FACTOR_REQUIRED, INVALID_TWO_FACTOR_CODE, verifySignInCode } from "./auth/two-factor";
import { AppError } from "../platform/http/app-error";
import { LOGIN_LIMITS, reserveAttempt } from "../platform/rate-limit";
import { cancelRecoveryOnSignIn } from "./two-factor-recovery";

/*
 * The password sign-in both doors share: POST /log_in (lib/accounts/login.ts) and the browser's
 * form (the sign-in plugin, lib/accounts/auth/sign-in-plugin.ts). It runs inside Better Auth's plugin, so
 * it is handed the instance's context instead of importing the instance (lib/accounts/auth/instance.ts
 * imports this module to hand it to the plugin).
 */

export const INVALID_LOGIN = "Invalid email or password.";

let dummyHash: Promise<string> | undefined;

/** 401 for a password that was right when the account also needs a code from the authenticator app. */
export class TwoFactorRequired extends AppError {
  constructor() {
    super("unauthorized", TWO_FACTOR_REQUIRED);
  }
}

/**
 * Checks an e-mail and password (shared by POST /log_in and the browser sign-in). Unknown
 * e-mails cost the same argon2 work as known ones. Every attempt takes a failure slot (per e-mail
 * and address, per address, per e-mail) before the check, so a burst of parallel guesses gets at
 * most the limit's worth of checks; a correct password gives its slots back.
 */
export async function authenticate(db: Database, email: string, password: string, ip: string): Promise<User> {
  const release = await reserveAttempt(db, LOGIN_LIMITS, email, ip);
  let user: (User & { passwordHash: string | null }) | undefined;
  let ok: boolean;
  try {
    [user] = await db
      .select({ ...getTableColumns(users), passwordHash: accounts.password })
      .from(users)
      .leftJoin(accounts, credentialOfUser)
      .where(eq(users.email, email));
    dummyHash ??= hashPassword("not-a-real-password-but-same-cost");
    // An account without a password (OpenID Connect only) is checked against the dummy and fails.
    ok = await verifyPassword(user?.passwordHash || (await dummyHash), password);
  } catch (error) {
    // Nothing was checked (database down, server busy): not a failure.
    await release();
    throw error;
  }
  // A wrong password keeps its slots: they are what the limits count.
  if (!user || !user.passwordHash || !ok) throw new AppError("unauthorized", INVALID_LOGIN);
  await release();
  if (!user.isActive) throw new AppError("forbidden", "This account has been deactivated.");
  // The hash goes no further than this check.
  const { passwordHash: _hash, ...account } = user;
  return account;
}

export type SignInInput = { email: string; password: string; otp?: string };
export type SignInContext = { address: string; userAgent: string; expiresAt?: Date };

/**
 * The password, then (once two-factor is on) a current code from the app or a backup code, then
 * a new Better Auth session. Without a code: TwoFactorRequired; a wrong one: 401 (and, after a
 * few, a lock: lib/accounts/auth/two-factor.ts).
 */
export async function signIn(db: Database, auth: Pick<AuthContext, "internalAdapter">, input: SignInInput, context: SignInContext) {
  const user = await authenticate(db, input.email, input.password, context.address);
  const start = () => startSession(auth, user.id, context);
  if (!user.twoFactorEnabled) return { user, session: await start() };
  if (!input.otp) throw new TwoFactorRequired();
  if (!(await verifySignInCode(db, user.id, input.otp))) throw new AppError("unauthorized", INVALID_TWO_FACTOR_CODE);
  // Whoever holds the second factor needs no recovery of it: a waiting one stops (lib/accounts/two-factor-recovery.ts).
  await cancelRecoveryOnSignIn(db, user, context);
  // The code matched: the only way a two-factor user's session gets past Better Auth's session hook.
  return { user, session: await withSecondFactorChecked(user.id, start) };
}
