import "server-only";
import { and, asc, isNotNull, lte } from "drizzle-orm";
import { fixedStatement, runFixed, type Database, type Transaction } from "../../../db/client";
import { learnerGoals } from "../../../db/schema";
import type { ReminderEmail } from "../../../emails/reminder-emails";
import { enqueueEmails, unsubscribeToken } from "../../accounts";
import { isTimeZone } from "../activity/days";
import { dayStarts, instantAt, shiftDay } from "./local-time";

/*
 * The reminder pass (the send-reminders job, every 15 minutes; docs/product-rules.md, "Daily goal
 * and reminders"): learners whose reminder hour has come in their own zone today, and who got no
 * reminder today, get one if reviews are due or their streak is at risk (they learned yesterday,
 * not yet today); each learner is looked at once a day at most.
 *
 * Every step reads a batch, never a learner at a time: the due rows through the partial index on
 * next_reminder_at; the claim, one conditional UPDATE ... RETURNING that moves their
 * next_reminder_at on (a second worker or a rerun, whose UPDATE re-checks the condition after
 * the first commits, claims none of them); what each claimed learner has due, one statement; the
 * e-mails, one insert of send-email jobs, in the claim's transaction, so a claim and its e-mail
 * commit together or not at all.
 */

const BATCH = 200;

// Claims the learners whose look is due: moves each one's next look on; only rows still due are
// claimed, so of two passes on the same rows only the first gets them.
const CLAIM = fixedStatement(
  "reminders_claim",
  `UPDATE learner_goals g SET next_reminder_at = v.next_at
     FROM unnest($2::int[], $3::timestamptz[]) AS v(user_id, next_at)
    WHERE g.user_id = v.user_id AND g.reminders_enabled AND g.next_reminder_at <= $1
   RETURNING g.user_id AS "userId"`,
);

// For each claimed learner: reviews due now, and whether they learned yesterday and today (reading
// or a quiz), each day from their own zone's midnight. Learners no longer active get nothing.
const FACTS = fixedStatement(
  "reminders_facts",
  `SELECT v.user_id AS "userId", u.email,
          (SELECT count(*)::int FROM review_cards r WHERE r.user_id = v.user_id AND r.due <= $1) AS "dueCount",
          (EXISTS (SELECT 1 FROM learning_activity a WHERE a.user_id = v.user_id AND a.at >= v.yesterday AND a.at < v.today)
             OR EXISTS (SELECT 1 FROM quiz_attempts q WHERE q.user_id = v.user_id AND q.created_at >= v.yesterday AND q.created_at < v.today)) AS "yesterday",
          (EXISTS (SELECT 1 FROM learning_activity a WHERE a.user_id = v.user_id AND a.at >= v.today)
             OR EXISTS (SELECT 1 FROM quiz_attempts q WHERE q.user_id = v.user_id AND q.created_at >= v.today)) AS "today"
     FROM unnest($2::int[], $3::timestamptz[], $4::timestamptz[]) AS v(user_id, yesterday, today)
     JOIN users u ON u.id = v.user_id AND u.is_active`,
);

const MARK_REMINDED = fixedStatement(
  "reminders_mark_sent",
  `UPDATE learner_goals g SET last_reminded_on = v.day FROM unnest($1::int[], $2::date[]) AS v(user_id, day) WHERE g.user_id = v.user_id`,
);

type Due = { userId: number; timeZone: string; reminderHour: number; lastRemindedOn: string | null };
type Plan = { userId: number; nextAt: Date; today: string; todayStart: Date; yesterdayStart: Date; send: boolean };
type Facts = { userId: number; email: string; dueCount: number; yesterday: boolean; today: boolean };

/** What a due learner gets at `now`: a look today if their hour has come and they had no reminder today; their next look either way. */
export function planLook(row: Due, now: Date): Plan {
  // A zone this runtime's Intl no longer knows (renamed in a tzdata update) must not stop everyone's pass.
  const zone = isTimeZone(row.timeZone) ? row.timeZone : "UTC";
  const { today, todayStart, yesterdayStart } = dayStarts(now, zone);
  const atToday = instantAt(today, row.reminderHour, zone);
  const hourCame = atToday <= now;
  const send = hourCame && row.lastRemindedOn !== today;
  // Before the hour (a look planned for yesterday that no worker ran): wait for today's hour.
  const nextAt = hourCame ? instantAt(shiftDay(today, 1), row.reminderHour, zone) : atToday;
  return { userId: row.userId, nextAt, today, todayStart, yesterdayStart, send };
}

/** Reviews due, or a streak at risk: the only reasons to write. */
const worthAReminder = (f: Facts) => f.dueCount > 0 || (f.yesterday && !f.today);

async function remindBatch(tx: Transaction, due: Due[], now: Date): Promise<number> {
  const plans = due.map((row) => planLook(row, now));
  const claimed = new Set(
    (await runFixed<{ userId: number }>(tx, CLAIM, [now, plans.map((p) => p.userId), plans.map((p) => p.nextAt)])).map((r) => r.userId),
  );
  const looks = plans.filter((p) => p.send && claimed.has(p.userId));
  if (!looks.length) return 0;
  const facts = await runFixed<Facts>(tx, FACTS, [now, looks.map((p) => p.userId), looks.map((p) => p.yesterdayStart), looks.map((p) => p.todayStart)]);
  const reminded = facts.filter(worthAReminder);
  if (!reminded.length) return 0;
  const dayOf = new Map(looks.map((p) => [p.userId, p.today]));
  await runFixed(tx, MARK_REMINDED, [reminded.map((f) => f.userId), reminded.map((f) => dayOf.get(f.userId))]);
  const emails: ReminderEmail[] = reminded.map((f) => ({
    kind: "reminder",
    to: f.email,
    userId: f.userId,
    dueCount: f.dueCount,
    streakAtRisk: f.yesterday && !f.today,
    token: unsubscribeToken(f.userId),
  }));
  await enqueueEmails(tx, emails);
  return reminded.length;
}

/** One reminder pass as of `now` (the job passes the clock; tests pass a fixed one). */
export async function sendDueReminders(db: Database, now = new Date()): Promise<{ looked: number; sent: number }> {
  let looked = 0;
  let sent = 0;
  for (;;) {
    const due = await db
      .select({ userId: learnerGoals.userId, timeZone: learnerGoals.timeZone, reminderHour: learnerGoals.reminderHour, lastRemindedOn: learnerGoals.lastRemindedOn })
      .from(learnerGoals)
      .where(and(isNotNull(learnerGoals.nextReminderAt), lte(learnerGoals.nextReminderAt, now)))
      .orderBy(asc(learnerGoals.nextReminderAt))
      .limit(BATCH);
    if (!due.length) break;
    sent += await db.transaction((tx) => remindBatch(tx, due, now));
    looked += due.length;
    // Every row read was moved past `now` (by this pass or another), so the next read finds new ones.
    if (due.length < BATCH) break;
  }
  return { looked, sent };
}
