import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { credentialAccount, CREDENTIAL_PROVIDER } from "../../../db/credential-account";
import { accounts, users } from "../../../db/schema";

/*
 * Passwords live where Better Auth keeps them: an `accounts` row with provider "credential"
 * (account id = the user's id) and the argon2id hash in its password column. Hashing and checking
 * are ours (lib/accounts/auth/password.ts: argon2id, bounded concurrency), the same functions Better Auth
 * is given as its password hooks (emailAndPassword.password in lib/accounts/auth/better-auth.ts). People
 * who only ever signed in with OpenID Connect have no such row, and no password matches them.
 */

export { CREDENTIAL_PROVIDER };

/** Joins a user to their credential account (for a left join: null password when there is none). */
export const credentialOfUser = and(eq(accounts.userId, users.id), eq(accounts.providerId, CREDENTIAL_PROVIDER));

/** Sets (or replaces) a user's password hash, inside the caller's transaction. */
export async function setPasswordHash(db: DatabaseOrTransaction, userId: number, passwordHash: string): Promise<void> {
  await db
    .insert(accounts)
    .values(credentialAccount(userId, passwordHash))
    .onConflictDoUpdate({ target: [accounts.providerId, accounts.accountId], set: { password: passwordHash, updatedAt: sql`now()` } });
}

/** A user's password hash, or null when they have none. */
export async function passwordHashOf(db: DatabaseOrTransaction, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER)));
  return row?.password || null;
}

/** Whether the user has a password (people who only signed in with OpenID Connect have none). */
export async function hasPassword(db: DatabaseOrTransaction, userId: number): Promise<boolean> {
  return (await passwordHashOf(db, userId)) !== null;
}
