import "server-only";
import { eq } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client";
import { learnerGoals } from "../../db/schema";
import { hashSecret, sameHash } from "./codes";
import { AppError } from "../platform/http/app-error";
import type { MailList } from "./schemas";

/*
 * The one-click unsubscribe of a learner's optional e-mails (RFC 8058; docs/product-rules.md,
 * "Daily goal and reminders"): the reminders and the "course ready" e-mails, each list on its own.
 * A list's token is the user id and an HMAC of it under AUTH_SECRET for that list only: nothing
 * is stored, every e-mail of a list carries the same link, and no token can be made for another
 * user, another list or another purpose without the secret. It needs no expiry: all it can do is
 * stop those e-mails, which My Account turns on again.
 */

const PURPOSE: Record<MailList, string> = { reminders: "reminder-unsubscribe", "course-ready": "course-ready-unsubscribe" };
const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([0-9a-f]{64})$/;

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid: it may have been cut short or changed. Copy the whole link from the e-mail, or turn reminders off in My Account.";
export const UNSUBSCRIBED: Record<MailList, string> = {
  reminders: "You will get no more reminder e-mails. You can turn them on again in My Account.",
  "course-ready": "You will get no more e-mails when a course of yours is ready. You can turn them on again in My Account.",
};

const macOf = (userId: number, list: MailList) => hashSecret(PURPOSE[list], String(userId), "one-click");

export function unsubscribeToken(userId: number, list: MailList = "reminders"): string {
  return `${userId}.${macOf(userId, list)}`;
}

const OFF: Record<MailList, Partial<typeof learnerGoals.$inferInsert>> = {
  reminders: { remindersEnabled: false, nextReminderAt: null },
  "course-ready": { courseReadyEmail: false },
};

/** POST /reminders/unsubscribe: stops the list's e-mails to the token's owner (again: it is idempotent). */
export async function unsubscribeByToken(db: DatabaseOrTransaction, token: string, list: MailList = "reminders"): Promise<{ message: string }> {
  const match = TOKEN_SHAPE.exec(token);
  const userId = match ? Number(match[1]) : NaN;
  if (!match || !sameHash(match[2]!, macOf(userId, list))) throw new AppError("bad_request", INVALID_UNSUBSCRIBE_LINK);
  await db
    .update(learnerGoals)
    .set({ ...OFF[list], updatedAt: new Date() })
    .where(eq(learnerGoals.userId, userId));
  return { message: UNSUBSCRIBED[list] };
}

/** Whether the learner still wants this list's e-mails: a queued one is dropped if they unsubscribed meanwhile. */
export async function wantsMail(db: DatabaseOrTransaction, userId: number, list: MailList): Promise<boolean> {
  const [row] = await db.select({ reminders: learnerGoals.remindersEnabled, courseReady: learnerGoals.courseReadyEmail }).from(learnerGoals).where(eq(learnerGoals.userId, userId));
  return (list === "reminders" ? row?.reminders : row?.courseReady) === true;
}
