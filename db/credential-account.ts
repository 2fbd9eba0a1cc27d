/*
 * A password is a Better Auth account row: provider "credential", account id = the user's id,
 * the argon2id hash in its password column (lib/accounts/auth/credentials.ts reads and writes it; the seed
 * and test fixtures write it the same way).
 */
export const CREDENTIAL_PROVIDER = "credential";

export function credentialAccount(userId: number, passwordHash: string) {
  return { userId, providerId: CREDENTIAL_PROVIDER, accountId: String(userId), password: passwordHash };
}
