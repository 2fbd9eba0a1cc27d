import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, learnerGoals, learningActivity, quizQuestions, reviewCards } from "../../db/schema";
import { sendDueReminders } from "../../lib/practice/reminders/reminder-pass";
import { saveGoalSettings } from "../../lib/practice/reminders/settings";
import { scheduleAnswer } from "../../lib/practice/review/scheduler";
import { call, createUser } from "../harness/http";
import { withMailDelivery } from "../harness/mail";
import { pollUntil } from "../harness/poll";

/*
 * Reminder e-mails on a fixed clock (docs/product-rules.md, "Daily goal and reminders"): the
 * reminder pass runs with an injected `now`, its e-mails go through the real mail job to a real
 * SMTP server. The learners live in Paris (UTC+1 in March) and chose 08:00.
 */

const delivery = withMailDelivery();
const ZONE = "Europe/Paris";
const utc = (iso: string) => new Date(iso);
// Monday 4 March 2030: 08:00 in Paris is 07:00 UTC.
const DAY1_8AM = utc("2030-03-04T07:00:00Z");
const nextDay = (d: Date, days = 1) => new Date(d.getTime() + days * 24 * 60 * 60_000);

async function learnerWithReminders() {
  const { user, email } = await createUser();
  await saveGoalSettings(getDb(), user.id, { daily_goal: 3, goal_kind: "reviews", reminders: true, reminder_hour: 8, time_zone: ZONE }, utc("2030-03-04T05:00:00Z"));
  return { id: user.id, email };
}

async function withDueCard(userId: number) {
  const [question] = await getDb().select({ id: quizQuestions.id }).from(quizQuestions).limit(1);
  const card = scheduleAnswer(null, false, utc("2030-03-01T10:00:00Z"), "quiz");
  await getDb().insert(reviewCards).values({ userId, questionId: question!.id, ...card, firstCorrect: false });
}

/** A quarter hour of reading at `at` (learning_activity keeps quarter hours). */
async function readAt(userId: number, at: string) {
  const [course] = await getDb().select({ id: courses.id }).from(courses).limit(1);
  await getDb().insert(learningActivity).values({ userId, courseId: course!.id, at: utc(at) });
}

const mailsTo = (email: string) => delivery.smtp.messages.filter((m) => m.to.includes(email));
const arrived = (email: string, count: number) => pollUntil(`${count} e-mail(s) to ${email}`, () => mailsTo(email), (m) => m.length >= count);

describe("reminder e-mails", () => {
  it("one at the learner's hour, none again that day even from two passes at once, none after the one-click unsubscribe", async () => {
    const learner = await learnerWithReminders();
    const other = await learnerWithReminders();
    await withDueCard(learner.id);
    await withDueCard(other.id);

    // 07:50 in Paris: not yet.
    expect(await sendDueReminders(getDb(), utc("2030-03-04T06:50:00Z"))).toEqual({ looked: 0, sent: 0 });
    expect((await sendDueReminders(getDb(), DAY1_8AM)).sent).toBe(2);
    const [mail] = await arrived(learner.email, 1);
    expect(mail!.subject).toBe("1 review card is waiting for you on LearnPath");
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(https?:\/\/[^>]+\/reminders\/unsubscribe\?token=([^>]+))>$/.exec(mail!.headers["list-unsubscribe"] ?? "");
    expect(oneClick).not.toBeNull();
    // The body's link opens the page with a button (its token in the fragment), never the one-click URL.
    expect(mail!.text).toContain(`/unsubscribe#token=${oneClick![2]}`);

    // Later the same day: nothing more, however often the pass runs.
    expect((await sendDueReminders(getDb(), utc("2030-03-04T07:15:00Z"))).sent).toBe(0);
    expect((await sendDueReminders(getDb(), utc("2030-03-04T20:00:00Z"))).sent).toBe(0);

    // The next day two workers run the pass at the same moment: each learner gets one e-mail.
    const day2 = await Promise.all([sendDueReminders(getDb(), nextDay(DAY1_8AM)), sendDueReminders(getDb(), nextDay(DAY1_8AM))]);
    expect(day2[0].sent + day2[1].sent).toBe(2);
    await arrived(learner.email, 2);
    await arrived(other.email, 2);

    // The mail client's one-click POST (RFC 8058), without a session.
    const unsubscribed = await call("POST /reminders/unsubscribe", { path: `/reminders/unsubscribe?token=${oneClick![2]}`, form: { "List-Unsubscribe": "One-Click" } });
    expect(unsubscribed.status).toBe(200);

    // Day 3: the other learner is reminded; the one who unsubscribed is not.
    expect((await sendDueReminders(getDb(), nextDay(DAY1_8AM, 2))).sent).toBe(1);
    await arrived(other.email, 3);
    expect(mailsTo(learner.email)).toHaveLength(2);
    expect(mailsTo(other.email)).toHaveLength(3);
  });

  it("none when nothing is due and the streak is safe; a streak at risk alone brings one", async () => {
    const idle = await learnerWithReminders(); // nothing due, no streak to lose
    const safe = await learnerWithReminders(); // learned yesterday and already today
    const atRisk = await learnerWithReminders(); // learned yesterday, not yet today
    for (const l of [safe, atRisk]) await readAt(l.id, "2030-03-03T18:00:00Z");
    await readAt(safe.id, "2030-03-04T06:30:00Z"); // 07:30 in Paris, before the reminder's hour

    expect((await sendDueReminders(getDb(), DAY1_8AM)).sent).toBe(1);
    const [mail] = await arrived(atRisk.email, 1);
    expect(mail!.subject).toBe("Keep your LearnPath streak going today");
    expect(mailsTo(idle.email)).toEqual([]);
    expect(mailsTo(safe.email)).toEqual([]);
    // Each was looked at once today: their next look is tomorrow at 08:00 in Paris.
    const [row] = await getDb().select({ next: learnerGoals.nextReminderAt }).from(learnerGoals).where(eq(learnerGoals.userId, idle.id));
    expect(row!.next).toEqual(nextDay(DAY1_8AM));
  });
});
