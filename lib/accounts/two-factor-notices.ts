import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { twoFactors, users, verifications } from "../../db/schema";
import type { ChangeSeen, TwoFactorOffCause } from "../../emails/two-factor-emails";
import { endAllSessions } from "./auth/sessions";
import { removeTwoFactor } from "./auth/two-factor";
import { AppError } from "../platform/http/app-error";
import { enqueueEmail } from "./mail/enqueue";
import { hitLimit, LIMITS } from "../platform/rate-limit";
import { hashSecret, newSecretToken } from "./codes";

/*
 * The owner hears of every change to the second factor (docs/product-rules.md, "Two-factor
 * sign-in"): an e-mail, sent through the mail job in the change's own transaction, says when and
 * from where, and carries a one-time link (POST /two-factor/notice). Its token is kept only as an
 * HMAC, in a verifications row (two-factor-notice-<hmac>) that lives REPORT_DAYS. "This was not me"
 * ends every session of the account and, for a turning-on that is still the current one, turns
 * two-factor sign-in off again; "this was me" closes the link. Either way the link works once.
 */

export const REPORT_DAYS = 7;

const NOTICE_EXPIRED = "This link has expired or was already used.";

/** Where a change came from: the address the server decided and the browser it named. */
export type ChangeOrigin = { address: string; userAgent: string };

type Notice = { userId: number; change: "on" | "off"; confirmedAt?: string };

const noticeIdentifier = (token: string) => `two-factor-notice-${hashSecret("two-factor-notice", "", token)}`;

/** What the e-mail tells of a change: when, and from where (lengths the mail job's payload allows). */
export function changeSeen(origin: ChangeOrigin, at = new Date()): ChangeSeen {
  return { at: at.toISOString(), address: origin.address.slice(0, 100), device: origin.userAgent.slice(0, 200) };
}

async function writeNotice(tx: Transaction, notice: Notice): Promise<string> {
  const token = newSecretToken();
  await tx.insert(verifications).values({
    identifier: noticeIdentifier(token),
    value: JSON.stringify(notice),
    expiresAt: sql`now() + make_interval(days => ${REPORT_DAYS})`,
  });
  return token;
}

type Owner = { id: number; email: string };

/** In the transaction that turned it on (as of `confirmedAt`): the owner's e-mail, with its link. */
export async function noticeTwoFactorOn(tx: Transaction, owner: Owner, change: ChangeSeen, confirmedAt: Date): Promise<void> {
  const token = await writeNotice(tx, { userId: owner.id, change: "on", confirmedAt: confirmedAt.toISOString() });
  await enqueueEmail(tx, { kind: "two-factor-on", to: owner.email, change, token, reportDays: REPORT_DAYS });
}

/** In the transaction that turned it off: the owner's e-mail; its link ends every session (none after a report: that was the report). */
export async function noticeTwoFactorOff(tx: Transaction, owner: Owner, change: ChangeSeen, cause: TwoFactorOffCause): Promise<void> {
  const token = cause === "report" ? undefined : await writeNotice(tx, { userId: owner.id, change: "off" });
  await enqueueEmail(tx, { kind: "two-factor-off", to: owner.email, change, cause, token });
}

/**
 * POST /two-factor/notice: the owner's answer to a notice's link. "This was me" closes it. "This
 * was not me" ends every session of the account and, when the notice was of a turning-on that
 * still stands (the same confirmation, within REPORT_DAYS), turns two-factor sign-in off again.
 */
export async function answerTwoFactorNotice(db: Database, token: string, itWasMe: boolean, origin: ChangeOrigin): Promise<{ message: string }> {
  // Tokens are 256 random bits: the limit only keeps anyone from making the server try forever.
  await hitLimit(db, LIMITS.verifyCodePerIp, origin.address);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verifications)
      .where(and(eq(verifications.identifier, noticeIdentifier(token)), gt(verifications.expiresAt, sql`now()`)))
      .returning({ value: verifications.value });
    if (!row) throw new AppError("bad_request", NOTICE_EXPIRED);
    if (itWasMe) return { message: "Thank you: nothing changes. This link no longer works." };
    const notice = JSON.parse(row.value) as Notice;
    await endAllSessions(tx, notice.userId);
    if (notice.change === "on" && notice.confirmedAt && (await undoTurningOn(tx, notice.userId, new Date(notice.confirmedAt), origin))) {
      return { message: "Every session of your account has ended and two-factor sign-in is off again. Reset your password now: whoever turned it on knows it." };
    }
    return { message: "Every session of your account has ended. Reset your password now: whoever did this knows it." };
  });
}

/** Turns two-factor sign-in off if it is still the one confirmed at `confirmedAt`; says whether it did. */
async function undoTurningOn(tx: Transaction, userId: number, confirmedAt: Date, origin: ChangeOrigin): Promise<boolean> {
  const [current] = await tx
    .select({ email: users.email })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), eq(twoFactors.confirmedAt, confirmedAt)))
    .for("update");
  if (!current) return false;
  await removeTwoFactor(tx, userId);
  await noticeTwoFactorOff(tx, { id: userId, email: current.email }, changeSeen(origin), "report");
  return true;
}
