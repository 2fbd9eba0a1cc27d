import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { learnerGoals } from "../../db/schema";
import { hashSecret, sameHash } from "../accounts/codes";
import { AppError } from "../http/app-error";

/*
 * The one-click unsubscribe of reminder e-mails (RFC 8058; docs/product-rules.md, "Daily goal and
 * reminders"). The token is the user id and an HMAC of it under AUTH_SECRET for this purpose
 * only: nothing is stored, every reminder carries the same link, and no token can be made for
 * another user or another purpose without the secret. It needs no expiry: all it can do is stop
 * reminders, which My Account turns on again.
 */

const PURPOSE = "reminder-unsubscribe";
const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([0-9a-f]{64})$/;

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid: it may have been cut short or changed. Copy the whole link from the e-mail, or turn reminders off in My Account.";
export const UNSUBSCRIBED = "You will get no more reminder e-mails. You can turn them on again in My Account.";

const macOf = (userId: number) => hashSecret(PURPOSE, String(userId), "one-click");

export function unsubscribeToken(userId: number): string {
  return `${userId}.${macOf(userId)}`;
}

/** POST /reminders/unsubscribe: turns the token's owner's reminders off (again: it is idempotent). */
export async function unsubscribeByToken(token: string): Promise<{ message: string }> {
  const match = TOKEN_SHAPE.exec(token);
  const userId = match ? Number(match[1]) : NaN;
  if (!match || !sameHash(match[2]!, macOf(userId))) throw new AppError("bad_request", INVALID_UNSUBSCRIBE_LINK);
  await getDb().update(learnerGoals).set({ remindersEnabled: false, nextReminderAt: null, updatedAt: new Date() }).where(eq(learnerGoals.userId, userId));
  return { message: UNSUBSCRIBED };
}

/** Whether the learner still wants reminders: a queued one is dropped if they unsubscribed meanwhile. */
export async function wantsReminders(userId: number): Promise<boolean> {
  const [row] = await getDb().select({ on: learnerGoals.remindersEnabled }).from(learnerGoals).where(eq(learnerGoals.userId, userId));
  return row?.on === true;
}
