import "server-only";
import { and, count, eq, gte } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../../db/client";
import { learnerGoals, lessonReads, reviewCards } from "../../../db/schema";
import type { GoalSettingsInput } from "./schemas";
import type { GoalSettings } from "./responses";
import { dayIn, dayStarts, instantAt, shiftDay } from "./local-time";

/*
 * A learner's daily goal and e-mail reminders (docs/product-rules.md, "Daily goal and
 * reminders"): read by My Account and the dashboard, saved by PUT /users/me/goal.
 */

type Row = typeof learnerGoals.$inferSelect;

const DEFAULTS = { daily_goal: null, goal_kind: "lessons", reminders: false, reminder_hour: 18, time_zone: null, course_ready_email: false } as const;

/**
 * The next instant the reminder pass should look at this learner: their hour today, unless it has
 * passed or they were reminded today, then their hour tomorrow.
 */
export function nextReminderAt(now: Date, hour: number, timeZone: string, lastRemindedOn: string | null): Date {
  const today = dayIn(now, timeZone);
  const atToday = instantAt(today, hour, timeZone);
  return lastRemindedOn === today || atToday <= now ? instantAt(shiftDay(today, 1), hour, timeZone) : atToday;
}

/** How many lessons (read for the first time) or review cards (answered) the learner has done today in their zone. */
export async function countDoneToday(db: DatabaseOrTransaction, userId: number, kind: Row["goalKind"], now: Date, timeZone: string): Promise<number> {
  const { todayStart } = dayStarts(now, timeZone);
  const [row] =
    kind === "lessons"
      ? await db.select({ n: count() }).from(lessonReads).where(and(eq(lessonReads.userId, userId), gte(lessonReads.firstReadAt, todayStart)))
      : await db.select({ n: count() }).from(reviewCards).where(and(eq(reviewCards.userId, userId), gte(reviewCards.lastReview, todayStart)));
  return row?.n ?? 0;
}

async function readRow(db: DatabaseOrTransaction, userId: number): Promise<Row | undefined> {
  const [row] = await db.select().from(learnerGoals).where(eq(learnerGoals.userId, userId));
  return row;
}

function toSettings(row: Row | undefined, doneToday: number): GoalSettings {
  if (!row) return { ...DEFAULTS, done_today: doneToday };
  return {
    daily_goal: row.dailyGoal,
    goal_kind: row.goalKind,
    reminders: row.remindersEnabled,
    reminder_hour: row.reminderHour,
    time_zone: row.timeZone,
    course_ready_email: row.courseReadyEmail,
    done_today: doneToday,
  };
}

/** GET /users/me/goal: the saved settings (defaults before the first save) and today's count, in `fallbackZone` until a zone is saved. */
export async function getGoalSettings(db: DatabaseOrTransaction, userId: number, now: Date, fallbackZone = "UTC"): Promise<GoalSettings> {
  const row = await readRow(db, userId);
  return toSettings(row, await countDoneToday(db, userId, row?.goalKind ?? "lessons", now, row?.timeZone ?? fallbackZone));
}

/**
 * PUT /users/me/goal: saves the settings. Turning reminders on, or moving their hour or zone,
 * plans the next one afresh; anything else keeps the one planned (a reminder due within minutes
 * is not skipped because the goal changed). The course-ready e-mail, when not named, stays as it was.
 */
export async function saveGoalSettings(db: Database, userId: number, input: GoalSettingsInput, now: Date): Promise<GoalSettings> {
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(learnerGoals).where(eq(learnerGoals.userId, userId)).for("update");
    const unchanged = before?.remindersEnabled && before.reminderHour === input.reminder_hour && before.timeZone === input.time_zone;
    const next = !input.reminders ? null : unchanged ? before.nextReminderAt : nextReminderAt(now, input.reminder_hour, input.time_zone, before?.lastRemindedOn ?? null);
    const values = {
      goalKind: input.goal_kind,
      dailyGoal: input.daily_goal,
      remindersEnabled: input.reminders,
      reminderHour: input.reminder_hour,
      timeZone: input.time_zone,
      nextReminderAt: next,
      ...(input.course_ready_email === undefined ? {} : { courseReadyEmail: input.course_ready_email }),
      updatedAt: now,
    };
    const [row] = await tx
      .insert(learnerGoals)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: learnerGoals.userId, set: values })
      .returning();
    return row!;
  });
  return toSettings(saved, await countDoneToday(db, userId, saved.goalKind, now, saved.timeZone));
}

/** The dashboard's goal: null when the learner has none. */
export async function loadDailyGoal(db: DatabaseOrTransaction, userId: number, now: Date): Promise<{ goal: number; kind: Row["goalKind"]; done: number } | null> {
  const row = await readRow(db, userId);
  if (!row?.dailyGoal) return null;
  return { goal: row.dailyGoal, kind: row.goalKind, done: await countDoneToday(db, userId, row.goalKind, now, row.timeZone) };
}
