import "server-only";
import { timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { DatabaseOrTransaction, Transaction } from "../../../db/client";
import { verifications } from "../../../db/schema";

/*
 * Each time step of an authenticator app is accepted at most once per account (RFC 6238
 * section 5.2): a code someone saw, or that a phishing page relayed, is spent by the sign-in it
 * was typed for. The newest accepted step is kept in a `verifications` row
 * (two-factor-step-<user id>); a code of that step or an earlier one is refused. The row lives
 * only as long as that step could still be accepted (the check allows one step either side).
 */

/** How long the step row must outlive its use: the step, the one after it, and slack for clocks apart. */
const STEP_ROW_MINUTES = 3;

const stepIdentifier = (userId: number) => `two-factor-step-${userId}`;

/** Which of the steps `counter - 1 .. counter + 1` `given` is the code of, or null; every step is compared, in constant time. */
export async function matchingStep(given: string, counter: number, codeAt: (step: number) => Promise<string>): Promise<number | null> {
  let matched: number | null = null;
  for (const step of [counter - 1, counter, counter + 1]) {
    const expected = Buffer.from(await codeAt(step));
    const candidate = Buffer.from(given);
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = step;
  }
  return matched;
}

/**
 * Records `step` as the account's newest accepted one, unless it (or a later one) was accepted
 * already: then false. The caller's transaction must hold the account's two_factors row FOR
 * UPDATE, which queues every check of the account's codes, so two requests with one code cannot
 * both get through.
 */
export async function claimStep(tx: Transaction, userId: number, step: number): Promise<boolean> {
  const identifier = stepIdentifier(userId);
  const [used] = await tx
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, sql`now()`)));
  if (used && Number(used.value) >= step) return false;
  await tx.delete(verifications).where(eq(verifications.identifier, identifier));
  await tx.insert(verifications).values({ identifier, value: String(step), expiresAt: sql`now() + make_interval(mins => ${STEP_ROW_MINUTES})` });
  return true;
}

/** Forgets the account's used steps: a new secret (two-factor begun again) has used none. */
export async function forgetSteps(db: DatabaseOrTransaction, userId: number): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, stepIdentifier(userId)));
}
