import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courseSections, courseSubsections, notifications } from "../../db/schema";
import { courseDetailsHref, readerHref } from "../../lib/platform/navigation/course-links";
import { UNREAD_COUNT_MAX } from "../../lib/accounts/notifications/kind-names";
import { notify, type NewNotification } from "../../lib/accounts/notifications/notify";
import { call } from "../harness/http";
import { quickAccount, reportsCourse } from "./reports-course";

/*
 * A user's notifications (docs/product-rules.md, "Notifications"): the list newest first, page by
 * page; the unread count; one or all marked read; an event stored once however often it is
 * noticed; and the resolution of a learner's report telling them what changed.
 */

const ready = (userId: number, n: number): NewNotification => ({ userId, kind: "course_ready", payload: { course_id: n, course_title: `Course ${n}` }, eventKey: `test:${n}` });

const list = (token: string, query = "") => call("GET /users/me/notifications", { token, path: `/users/me/notifications${query}` });
const count = async (token: string) => (await call("GET /users/me/notifications/unread-count", { token })).body.unread_count as number;

describe("the notification list", () => {
  it("is newest first, a page at a time by cursor, each with its words and link", async () => {
    const learner = await quickAccount();
    for (let n = 1; n <= 5; n++) await notify(getDb(), [ready(learner.id, n)]);
    const first = await list(learner.token, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.notifications.map((n: { message: string }) => n.message)).toEqual(["Your course “Course 5” is ready.", "Your course “Course 4” is ready."]);
    expect(first.body.notifications[0]).toMatchObject({ kind: "course_ready", detail: "Open it to start reading.", link: courseDetailsHref(5), read_at: null });
    expect(first.body.unread_count).toBe(5);
    const second = await list(learner.token, `?limit=2&cursor=${first.body.next_cursor}`);
    const third = await list(learner.token, `?limit=2&cursor=${second.body.next_cursor}`);
    expect([...second.body.notifications, ...third.body.notifications].map((n: { link: string }) => n.link)).toEqual([3, 2, 1].map(courseDetailsHref));
    expect(third.body.next_cursor).toBeNull();
  });

  it("refuses a cursor or limit that is not one, with a clear message", async () => {
    const learner = await quickAccount();
    const bad = await list(learner.token, "?cursor=abc&limit=500");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["cursor", "limit"]);
  });

  it("leaves out a row of a kind this version does not know, rather than failing the list", async () => {
    const learner = await quickAccount();
    await notify(getDb(), [ready(learner.id, 1)]);
    await getDb().insert(notifications).values({ userId: learner.id, kind: "assignment_due", payload: { class_id: 3 }, eventKey: "future:1" });
    const res = await list(learner.token);
    expect(res.status).toBe(200);
    expect(res.body.notifications.map((n: { kind: string }) => n.kind)).toEqual(["course_ready"]);
  });
});

describe("read and unread", () => {
  it("marking one read lowers the count and keeps its first time; marking all read clears it", async () => {
    const learner = await quickAccount();
    await notify(getDb(), [ready(learner.id, 1), ready(learner.id, 2), ready(learner.id, 3)]);
    expect(await count(learner.token)).toBe(3);
    const [newest] = (await list(learner.token)).body.notifications;
    const read = await call("POST /users/me/notifications/:id/read", { token: learner.token, params: { id: String(newest.id) } });
    expect(read.body).toEqual({ unread_count: 2 });
    const firstTime = (await list(learner.token)).body.notifications[0].read_at;
    expect(firstTime).not.toBeNull();
    expect((await call("POST /users/me/notifications/:id/read", { token: learner.token, params: { id: String(newest.id) } })).body).toEqual({ unread_count: 2 });
    expect((await list(learner.token)).body.notifications[0].read_at).toBe(firstTime);
    expect((await call("POST /users/me/notifications/read-all", { token: learner.token })).body).toEqual({ unread_count: 0 });
    expect((await list(learner.token)).body.notifications.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
  });

  it(`the count stops at ${UNREAD_COUNT_MAX}`, async () => {
    const learner = await quickAccount();
    await notify(getDb(), Array.from({ length: UNREAD_COUNT_MAX + 5 }, (_, i) => ready(learner.id, i + 1)));
    expect(await count(learner.token)).toBe(UNREAD_COUNT_MAX);
  });
});

describe("one notification per event", () => {
  it("an event noticed twice (a job run again) is stored once, and stays read if it was", async () => {
    const learner = await quickAccount();
    expect(await notify(getDb(), [ready(learner.id, 1)])).toEqual([learner.id]);
    await call("POST /users/me/notifications/read-all", { token: learner.token });
    expect(await notify(getDb(), [ready(learner.id, 1)])).toEqual([]);
    expect(await getDb().select().from(notifications).where(eq(notifications.userId, learner.id))).toHaveLength(1);
    expect(await count(learner.token)).toBe(0);
  });
});

describe("a resolved report tells its learners", () => {
  const lesson = (courseId: number) => ({ course_id: courseId, section_index: 0, subsection_index: 0 });

  it("dismissed: each reporter hears nothing was wrong, with a link to the lesson; nobody else hears anything", async () => {
    const [a, b, bystander, admin] = await Promise.all([quickAccount(), quickAccount(), quickAccount(), quickAccount("admin")]);
    const course = await reportsCourse({ enrol: [a.id, b.id, bystander.id] });
    for (const learner of [a, b]) expect((await call("POST /reports", { token: learner.token, json: { ...lesson(course.courseId), reason: "unclear" } })).status).toBe(201);
    expect((await call("POST /reports/resolve", { token: admin.token, json: { ...lesson(course.courseId), resolution: "dismissed", note: "Reads fine." } })).status).toBe(200);

    for (const learner of [a, b]) {
      const [notice, ...rest] = (await list(learner.token)).body.notifications;
      expect(rest).toEqual([]);
      expect(notice).toMatchObject({
        kind: "report_resolved",
        message: "Your report on “Lesson 1” was resolved.",
        detail: "Reviewed: an admin found nothing wrong.",
        link: readerHref(course.courseId, { sectionIndex: 0, subsectionIndex: 0 }),
      });
      // The admin's note is about the content, for admins.
      expect(JSON.stringify(notice)).not.toContain("Reads fine.");
    }
    expect((await list(bystander.token)).body.notifications).toEqual([]);
    // Resolved already: a second resolution is a 404 and tells nobody again.
    expect((await call("POST /reports/resolve", { token: admin.token, json: { ...lesson(course.courseId), resolution: "fixed" } })).status).toBe(404);
    expect((await list(a.token)).body.notifications).toHaveLength(1);
  });

  it("edited on the review screen: the reporter hears it was fixed; a quiz item checked with no change says so and's report links to its course", async () => {
    const [learner, admin] = await Promise.all([quickAccount(), quickAccount("admin")]);
    // The quiz open, so its items were shown to the learner and may be reported.
    const course = await reportsCourse({ enrol: [learner.id], quizOpen: true });
    await call("POST /reports", { token: learner.token, json: { ...lesson(course.courseId), reason: "typo" } });
    await call("POST /reports", { token: learner.token, json: { question_id: course.questions[0], reason: "answer_key" } });
    const [sub] = await getDb()
      .select({ id: courseSubsections.id })
      .from(courseSubsections)
      .innerJoin(courseSections, eq(courseSections.id, courseSubsections.sectionId))
      .where(and(eq(courseSections.courseId, course.courseId), eq(courseSections.position, 0)));
    expect((await call("PUT /subsections/:id", { token: admin.token, params: { id: String(sub!.id) }, json: { content: "A variable names a value, now without the typo.", version: 0 } })).status).toBe(200);
    expect((await call("POST /reports/resolve", { token: admin.token, json: { question_id: course.questions[0], resolution: "fixed" } })).status).toBe(200);

    const notices = (await list(learner.token)).body.notifications;
    expect(notices.map((n: { detail: string; link: string }) => [n.detail, n.link])).toEqual([
      // "Fixed" with no change to the item since the report: checked, nothing needed changing.
      ["Checked: no change was needed.", courseDetailsHref(course.courseId)],
      ["Fixed: an admin edited it.", readerHref(course.courseId, { sectionIndex: 0, subsectionIndex: 0 })],
    ]);
    expect(notices[0].message).toBe("Your report on “What is a variable? (0)” was resolved.");
    // No answer key leaves in a notification.
    expect(JSON.stringify(notices)).not.toContain(course.key);
  });
});
