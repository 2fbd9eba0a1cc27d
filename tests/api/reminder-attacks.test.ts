import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { learnerGoals, lessonReads, courses } from "../../db/schema";
import { hashSecret } from "../../lib/accounts/codes";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribeToken } from "../../lib/accounts/unsubscribe";
import { GOAL_OUT_OF_RANGE, HOUR_OUT_OF_RANGE, UNKNOWN_TIME_ZONE } from "../../lib/practice/reminders/schemas";
import { call, createUser } from "../harness/http";

/*
 * The daily goal and reminders (docs/product-rules.md, "Daily goal and reminders"): one's own
 * settings only, every bad value refused with a clear message, and an unsubscribe that only its
 * e-mail's token can do, only by POST.
 */

const SETTINGS = { daily_goal: 3, goal_kind: "lessons", reminders: true, reminder_hour: 8, time_zone: "Europe/Paris" };

async function learnerWithReminders() {
  const learner = await createUser();
  expect((await call("PUT /users/me/goal", { token: learner.token, json: SETTINGS })).status).toBe(200);
  return learner;
}

const remindersOn = async (userId: number) => (await getDb().select({ on: learnerGoals.remindersEnabled }).from(learnerGoals).where(eq(learnerGoals.userId, userId)))[0]?.on;
const unsubscribe = (token: string, method?: string) => call("POST /reminders/unsubscribe", { method, path: `/reminders/unsubscribe?token=${encodeURIComponent(token)}` });

describe("goal settings", () => {
  it("are the caller's own: no field names another learner", async () => {
    const a = await learnerWithReminders();
    const b = await createUser();
    const sneaky = await call("PUT /users/me/goal", { token: b.token, json: { ...SETTINGS, reminders: false, daily_goal: 50, user_id: a.user.id } });
    expect(sneaky.status).toBe(200);
    const mine = await call("GET /users/me/goal", { token: a.token });
    expect(mine.body).toMatchObject({ daily_goal: 3, reminders: true, reminder_hour: 8, time_zone: "Europe/Paris" });
    expect((await call("GET /users/me/goal", { token: b.token })).body).toMatchObject({ daily_goal: 50, reminders: false });
  });

  // prettier-ignore
  const INVALID: [what: string, change: Record<string, unknown>, field: string, message: string][] = [
    ["hour 24",             { reminder_hour: 24 },            "reminder_hour", HOUR_OUT_OF_RANGE],
    ["hour -1",             { reminder_hour: -1 },            "reminder_hour", HOUR_OUT_OF_RANGE],
    ["half an hour",        { reminder_hour: 7.5 },           "reminder_hour", HOUR_OUT_OF_RANGE],
    ["hour as text",        { reminder_hour: "8" },           "reminder_hour", HOUR_OUT_OF_RANGE],
    ["unknown zone",        { time_zone: "Mars/Olympus" },    "time_zone",     UNKNOWN_TIME_ZONE],
    ["empty zone",          { time_zone: "" },                "time_zone",     UNKNOWN_TIME_ZONE],
    ["path for a zone",     { time_zone: "../../etc/passwd" }, "time_zone",    UNKNOWN_TIME_ZONE],
    ["goal 0",              { daily_goal: 0 },                "daily_goal",    GOAL_OUT_OF_RANGE],
    ["goal 51",             { daily_goal: 51 },               "daily_goal",    GOAL_OUT_OF_RANGE],
  ];
  it.each(INVALID)("refuse %s with a clear message", async (_what, change, field, message) => {
    const learner = await createUser();
    const refused = await call("PUT /users/me/goal", { token: learner.token, json: { ...SETTINGS, ...change } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContainEqual({ field, message });
    expect(await remindersOn(learner.user.id)).toBeUndefined();
  });

  it("are in the data download and go with the account", async () => {
    const learner = await learnerWithReminders();
    const [course] = await getDb().select({ id: courses.id }).from(courses).limit(1);
    await getDb().insert(lessonReads).values({ userId: learner.user.id, courseId: course!.id, sectionIndex: 0, subsectionIndex: 0 });
    const data = await call("GET /users/me/export", { token: learner.token });
    expect(data.body.daily_goal_and_reminders).toMatchObject({ daily_goal: 3, goal_kind: "lessons", reminders_enabled: true, reminder_hour: 8, time_zone: "Europe/Paris" });
    expect(data.body.lesson_reads).toHaveLength(1);
    expect((await call("DELETE /users/me", { token: learner.token, json: { password: learner.password } })).status).toBe(204);
    expect(await getDb().select().from(learnerGoals).where(eq(learnerGoals.userId, learner.user.id))).toEqual([]);
    expect(await getDb().select().from(lessonReads).where(eq(lessonReads.userId, learner.user.id))).toEqual([]);
  });
});

describe("the unsubscribe link", () => {
  it("refuses forged, altered, cut and other-purpose tokens with a clear message, and changes nothing", async () => {
    const a = await learnerWithReminders();
    const b = await learnerWithReminders();
    const [, bMac] = unsubscribeToken(b.user.id).split(".");
    const forged = [
      `${a.user.id}.${"0".repeat(64)}`, // made up
      `${a.user.id}.${bMac}`, // B's signature on A's id
      unsubscribeToken(a.user.id).slice(0, -1), // cut short
      `${a.user.id}.${hashSecret("two-factor-recovery-cancel", String(a.user.id), "one-click")}`, // another purpose's HMAC
      `0${unsubscribeToken(a.user.id)}`, // the id spelled otherwise
    ];
    for (const token of forged) {
      const refused = await unsubscribe(token);
      expect(refused.status, token).toBe(400);
      expect(refused.body.detail).toBe(INVALID_UNSUBSCRIBE_LINK);
    }
    expect(await remindersOn(a.user.id)).toBe(true);
  });

  it("a list's token stops that list alone: a reminder's link cannot stop course-ready e-mails, nor the other way round", async () => {
    const learner = await createUser();
    expect((await call("PUT /users/me/goal", { token: learner.token, json: { ...SETTINGS, course_ready_email: true } })).status).toBe(200);
    const onList = (token: string, list: string) => call("POST /reminders/unsubscribe", { path: `/reminders/unsubscribe?token=${encodeURIComponent(token)}&list=${list}` });
    const crossed = [await onList(unsubscribeToken(learner.user.id), "course-ready"), await onList(unsubscribeToken(learner.user.id, "course-ready"), "reminders"), await unsubscribe(unsubscribeToken(learner.user.id, "course-ready"))];
    expect(crossed.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(crossed.every((r) => r.body.detail === INVALID_UNSUBSCRIBE_LINK)).toBe(true);
    const both = async () => (await call("GET /users/me/goal", { token: learner.token })).body;
    expect(await both()).toMatchObject({ reminders: true, course_ready_email: true });
    expect((await onList(unsubscribeToken(learner.user.id, "course-ready"), "course-ready")).status).toBe(200);
    expect(await both()).toMatchObject({ reminders: true, course_ready_email: false });
  });

  it("never unsubscribes on a GET (mail scanners open links); a POST without a session does, with any body", async () => {
    const learner = await learnerWithReminders();
    const token = unsubscribeToken(learner.user.id);
    expect((await unsubscribe(token, "GET")).status).toBe(405);
    expect((await unsubscribe(token, "HEAD")).status).toBe(405);
    expect(await remindersOn(learner.user.id)).toBe(true);
    const multipart = await call("POST /reminders/unsubscribe", {
      path: `/reminders/unsubscribe?token=${token}`,
      contentType: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.status).toBe(200);
    expect(await remindersOn(learner.user.id)).toBe(false);
    // Again: harmless.
    expect((await unsubscribe(token)).status).toBe(200);
  });
});
