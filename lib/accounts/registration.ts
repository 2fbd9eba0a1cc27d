import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { users, verificationCodes } from "../../db/schema";
import { hashPassword } from "../auth/password";
import { AppError } from "../http/app-error";
import { enqueueEmail } from "../mail/enqueue";
import { hitLimit, LIMITS } from "../rate-limit";
import { checkCode, CODE_TTL_MINUTES, issueCode, VERIFIED_WINDOW_MINUTES } from "./codes";
import { toPublicUser, type PublicUser } from "./serialize";

/*
 * Sign-up (SPEC.md section 4): send a code, verify it, and only then an account exists.
 * The first send may carry the sign-up values; they wait server-side (password hashed) so the
 * browser never has to keep the password. An already registered e-mail gets a notice instead
 * of a code, with the same answer to the caller: nobody learns who has an account.
 */

type PendingSignUp = { first_name: string; last_name: string; password_hash: string };

const EMAIL_TAKEN = "An account with this email already exists.";

export async function sendRegistrationCode(
  input: { email: string; first_name?: string; last_name?: string; password?: string },
  ip: string,
): Promise<{ message: string }> {
  await hitLimit(LIMITS.sendCodePerEmail, input.email);
  await hitLimit(LIMITS.sendCodePerIp, ip);
  // Hash even when the address is taken, so both paths take the same time.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const pending: PendingSignUp | undefined =
    input.first_name && input.last_name && passwordHash
      ? { first_name: input.first_name, last_name: input.last_name, password_hash: passwordHash }
      : undefined;

  const db = getDb();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) {
    await enqueueEmail(db, { kind: "account-exists", to: input.email });
  } else {
    // The code row and its mail job commit together; the worker sends it.
    await db.transaction(async (tx) => {
      const { code, expiresAt } = await issueCode(tx, input.email, "register", pending);
      await enqueueEmail(tx, { kind: "verification-code", to: input.email, code, ttlMinutes: CODE_TTL_MINUTES }, expiresAt);
    });
  }
  return { message: `A verification code has been sent to: ${input.email}` };
}

async function createUser(
  tx: Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0],
  values: { email: string; firstName: string; lastName: string; passwordHash: string },
) {
  const [user] = await tx
    .insert(users)
    .values({ ...values, role: "user", emailVerifiedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (!user) throw new AppError("conflict", EMAIL_TAKEN);
  return user;
}

/** Verifies a sign-up code; with sign-up values waiting, the account is created at once. */
export async function verifyRegistrationCode(
  email: string,
  code: string,
  ip: string,
): Promise<{ message: string; registered: boolean; user?: PublicUser }> {
  await hitLimit(LIMITS.verifyCodePerEmail, email);
  await hitLimit(LIMITS.verifyCodePerIp, ip);
  const verified = await checkCode(email, "register", code);
  const pending = verified.pendingData as Partial<PendingSignUp> | null;

  return getDb().transaction(async (tx) => {
    if (pending?.first_name && pending.last_name && pending.password_hash) {
      const user = await createUser(tx, {
        email,
        firstName: pending.first_name,
        lastName: pending.last_name,
        passwordHash: pending.password_hash,
      });
      await tx
        .update(verificationCodes)
        .set({ verifiedAt: sql`now()`, consumedAt: sql`now()`, pendingData: null })
        .where(eq(verificationCodes.id, verified.id));
      return { message: "Code verified successfully.", registered: true, user: toPublicUser(user) };
    }
    await tx.update(verificationCodes).set({ verifiedAt: sql`now()` }).where(eq(verificationCodes.id, verified.id));
    return { message: "Code verified successfully.", registered: false };
  });
}

/** POST /users/: creates an account for an e-mail verified in the last few minutes, once. */
export async function registerVerifiedUser(input: {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  return getDb().transaction(async (tx) => {
    const consumed = await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()`, pendingData: null })
      .where(
        and(
          eq(verificationCodes.email, input.email),
          eq(verificationCodes.purpose, "register"),
          sql`${verificationCodes.consumedAt} IS NULL`,
          sql`${verificationCodes.verifiedAt} > now() - make_interval(mins => ${VERIFIED_WINDOW_MINUTES})`,
        ),
      )
      .returning({ id: verificationCodes.id });
    if (!consumed.length) {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (existing) throw new AppError("conflict", EMAIL_TAKEN);
      throw new AppError("forbidden", "Please verify your email with the code we sent before creating an account.");
    }
    const user = await createUser(tx, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash,
    });
    return toPublicUser(user);
  });
}
