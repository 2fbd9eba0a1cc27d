import "server-only";
import type { AuthContext, Session } from "better-auth";
import { eq } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../db/client";
import { users, type User } from "../../db/schema";
import { setPasswordHash } from "./auth/credentials";
import { hashPassword } from "./auth/password";
import { startSession } from "./auth/sessions";
import { AppError } from "../platform/http/app-error";
import { enqueueEmail } from "./mail/enqueue";
import { hitLimit, LIMITS, reserveAttempt, SEND_CODE_LIMITS } from "../platform/rate-limit";
import type { PublicUser, VerifyRegistrationResult } from "./responses";
import { checkCode, issueCode } from "./code-checks";
import { consumeCode, INVALID_CODE, lockCodeRow, readVerification, writeVerification } from "./codes";
import { sendCodeEmail } from "./code-email";
import { OTP_TYPE } from "./email-otp";
import { toPublicUser } from "./serialize";
import {
  findGrant,
  findRequest,
  grantRegistration,
  openValues,
  recordRequest,
  REQUEST_TTL_MINUTES,
  withoutRequest,
  type PendingSignUps,
  type SignUpValues,
} from "./sign-up-requests";

/*
 * Sign-up (docs/product-rules.md, Accounts: only whoever proved the mailbox and sent the values
 * can create the account): send-code answers a one-time sign-up token bound to the caller's own
 * request (and its values, if given); the e-mailed code proves the mailbox, the token says whose
 * request it completes. With values the
 * account is created at verify-code; without, verify-code grants a one-time registration token
 * that POST /users/ needs. An already registered e-mail gets a notice instead of a code, with the
 * same answer to the caller: nobody learns who has an account. An e-mail's waiting requests are a
 * row of Better Auth's verifications table beside its code (sign-up-requests-<e-mail>).
 */

const EMAIL_TAKEN = "An account with this email already exists.";
const SIGN_UP_EXPIRED = "Your sign-up session has expired. Please sign up again.";
const VERIFY_FIRST = "Please verify your email with the code we sent before creating an account.";

export async function sendRegistrationCode(
  db: Database,
  input: { email: string; first_name?: string; last_name?: string; password?: string; signup_token?: string },
  ip: string,
): Promise<{ message: string; signup_token: string }> {
  await reserveAttempt(db, SEND_CODE_LIMITS, input.email, ip);
  const values: SignUpValues | undefined =
    input.first_name && input.last_name && input.password
      ? { first_name: input.first_name, last_name: input.last_name, password: input.password }
      : undefined;

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  const { code } = await issueCode(db, input.email, "register");
  let token = "";
  // The request and its mail job commit together; the worker sends it.
  await db.transaction(async (tx) => {
    await lockCodeRow(tx, input.email, "register");
    const recorded = recordRequest(await pendingSignUps(tx, input.email), input.email, { token: input.signup_token, values });
    token = recorded.token;
    await savePendingSignUps(tx, input.email, recorded.pendingData);
    if (existing) await enqueueEmail(tx, { kind: "account-exists", to: input.email });
    else await sendCodeEmail(tx, { email: input.email, otp: code, type: OTP_TYPE.register });
  });
  return { message: `A verification code has been sent to: ${input.email}`, signup_token: token };
}

const requestsIdentifier = (email: string) => `sign-up-requests-${email}`;

async function pendingSignUps(db: DatabaseOrTransaction, email: string): Promise<unknown> {
  const row = await readVerification(db, requestsIdentifier(email));
  return row ? JSON.parse(row.value) : null;
}

async function savePendingSignUps(tx: Transaction, email: string, pending: PendingSignUps): Promise<void> {
  await writeVerification(tx, requestsIdentifier(email), JSON.stringify(pending), REQUEST_TTL_MINUTES);
}

async function createUser(tx: Transaction, { passwordHash, ...values }: { email: string; firstName: string; lastName: string; passwordHash: string }) {
  const [user] = await tx
    .insert(users)
    .values({ ...values, role: "user", emailVerified: true })
    .onConflictDoNothing()
    .returning();
  if (!user) throw new AppError("conflict", EMAIL_TAKEN);
  await setPasswordHash(tx, user.id, passwordHash);
  return user;
}

type Verified = { registered: true; user: User } | { registered: false; registration_token: string };
const VERIFIED = "Code verified successfully.";

/** Verifies a sign-up code for the request its token names: creates that request's account, or grants a registration token. */
export async function verifyRegistrationCode(db: Database, email: string, code: string, signupToken: string | undefined, ip: string): Promise<VerifyRegistrationResult> {
  const verified = await verifySignUp(db, email, code, signupToken, ip);
  return verified.registered ? { message: VERIFIED, registered: true, user: toPublicUser(verified.user) } : { message: VERIFIED, ...verified };
}

/**
 * The browser's verify step (POST /api/auth/sign-up/verify-code, lib/accounts/auth/sign-in-plugin.ts): the
 * same check as verify-code, then a session for the account it created, so the new learner goes
 * on to pick interests instead of typing the password again (docs/product-rules.md, Accounts).
 * The session needs what makes the account: the right code *and* the sign-up token of the browser
 * that sent the values. A code used once is spent, so a replay opens nothing.
 */
export async function signInAfterSignUp(
  db: Database,
  auth: Pick<AuthContext, "internalAdapter">,
  input: { email: string; code: string; signup_token?: string },
  context: { address: string; userAgent: string },
): Promise<{ user: User; session: Session } | { registered: false; registration_token: string }> {
  const verified = await verifySignUp(db, input.email, input.code, input.signup_token, context.address);
  if (!verified.registered) return verified;
  return { user: verified.user, session: await startSession(auth, verified.user.id, context) };
}

async function verifySignUp(db: Database, email: string, code: string, signupToken: string | undefined, ip: string): Promise<Verified> {
  await hitLimit(db, LIMITS.verifyCodePerEmail, email);
  await hitLimit(db, LIMITS.verifyCodePerIp, ip);
  await checkCode(db, email, "register", code);
  const request = findRequest(await pendingSignUps(db, email), email, signupToken);
  if (!request) throw new AppError("bad_request", SIGN_UP_EXPIRED);

  if (!request.values) {
    return db.transaction(async (tx) => {
      await lockCodeRow(tx, email, "register");
      if (!(await consumeCode(tx, email, "register", code))) throw new AppError("bad_request", INVALID_CODE);
      const granted = grantRegistration(await pendingSignUps(tx, email), email, request);
      await savePendingSignUps(tx, email, granted.pendingData);
      return { registered: false as const, registration_token: granted.registrationToken };
    });
  }

  const values = openValues(request, signupToken!);
  if (!values) throw new AppError("bad_request", SIGN_UP_EXPIRED);
  // Hashed only now, after the code proved the mailbox: sending values costs the server no argon2.
  const passwordHash = await hashPassword(values.password);
  return db.transaction(async (tx) => {
    await lockCodeRow(tx, email, "register");
    if (!(await consumeCode(tx, email, "register", code))) throw new AppError("bad_request", INVALID_CODE);
    await savePendingSignUps(tx, email, withoutRequest(await pendingSignUps(tx, email), request));
    const user = await createUser(tx, { email, firstName: values.first_name, lastName: values.last_name, passwordHash });
    return { registered: true as const, user };
  });
}

/** POST /users/: creates the account of the sign-up request whose registration token verify-code granted, once. */
export async function registerVerifiedUser(
  db: Database,
  input: { first_name: string; last_name: string; email: string; password: string; registration_token?: string },
  ip: string,
): Promise<PublicUser> {
  await hitLimit(db, LIMITS.createAccountPerIp, ip);
  // The token first: without one nothing is hashed and known and unknown e-mails fare alike.
  if (!findGrant(await pendingSignUps(db, input.email), input.email, input.registration_token)) {
    throw new AppError("forbidden", VERIFY_FIRST);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockCodeRow(tx, input.email, "register");
    const pending = await pendingSignUps(tx, input.email);
    const grant = findGrant(pending, input.email, input.registration_token);
    if (!grant) throw new AppError("forbidden", VERIFY_FIRST);
    await savePendingSignUps(tx, input.email, withoutRequest(pending, grant));
    const user = await createUser(tx, { email: input.email, firstName: input.first_name, lastName: input.last_name, passwordHash });
    return toPublicUser(user);
  });
}
