import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courseRequests, courses, learnerGoals, notifications, topics, userTopics } from "../../../db/schema";
import { startFakeOpenAi } from "../../../tests/harness/fake-openai";
import { pointModelAtFake, runWorkerWith, waitForCourse } from "../../../tests/harness/generation";
import { call, createUser } from "../../../tests/harness/http";
import { withMailDelivery } from "../../../tests/harness/mail";
import { markGenerationFailed } from "../../authoring/generation/mark-failed";
import { askForCourse } from "../../authoring/course-requests/ask";
import { COURSE_REQUESTS_HREF, courseDetailsHref } from "../../platform/navigation/course-links";
import { publishCourse, publishSection, unpublishCourse } from "../../catalogue/publication/actions";
import { notifyIfCourseReady } from "./course-events";

/*
 * Where a learner's own course tells them how it ended (docs/product-rules.md, "Notifications"):
 * the fake model writes it through the real pipeline and worker, and the notification is the
 * course's final state's, once per event however often its step runs. The "course ready" e-mail
 * goes through the real mail worker to an SMTP capture, for a learner who asked for it.
 */

// The mail capture first: its SMTP_URL must be set before anything reads the environment.
const mail = withMailDelivery();
const fake = await startFakeOpenAi();
pointModelAtFake(fake);
runWorkerWith(fake);
beforeEach(() => fake.reset());

let counter = 0;

async function learnerAsking(review: "off" | "required" = "off") {
  const db = getDb();
  const learner = await createUser();
  const [topic] = await db
    .insert(topics)
    .values({ title: `Notified topic ${process.pid}-${++counter}`, description: "For notification tests.", generationReview: review })
    .returning({ id: topics.id });
  await db.insert(userTopics).values({ userId: learner.user.id, topicId: topic!.id });
  return { learner, topicId: topic!.id };
}

async function requestedCourse(userId: number, topicId: number) {
  await askForCourse(getDb(), userId, { topic_id: topicId });
  await expect.poll(async () => (await getDb().select({ id: courses.id }).from(courses).where(eq(courses.requestedBy, userId))).length, { timeout: 20_000 }).toBe(1);
  const [course] = await getDb().select({ id: courses.id, title: courses.title, attempt: courses.generationAttempt }).from(courses).where(eq(courses.requestedBy, userId));
  return course!;
}

const rowsOf = (userId: number) => getDb().select().from(notifications).where(eq(notifications.userId, userId));

const mailJobs = async (courseId: number) =>
  (await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email' AND data->>'kind' = 'course-ready' AND (data->>'courseId')::int = ${courseId}`)).rows[0]!.n;

describe("a learner's own course tells them how it ended", () => {
  it("written: one 'course ready' notification linking to it, and the e-mail the learner asked for, with its own one-click unsubscribe", { timeout: 90_000 }, async () => {
    const { learner, topicId } = await learnerAsking();
    const saved = await call("PUT /users/me/goal", {
      token: learner.token,
      json: { daily_goal: null, goal_kind: "lessons", reminders: true, reminder_hour: 18, time_zone: "Europe/Paris", course_ready_email: true },
    });
    expect(saved.body.course_ready_email).toBe(true);
    const course = await requestedCourse(learner.user.id, topicId);
    expect((await waitForCourse(course.id)).generationStatus).toBe("done");

    const list = await call("GET /users/me/notifications", { token: learner.token });
    expect(list.body).toMatchObject({ unread_count: 1, next_cursor: null });
    expect(list.body.notifications).toEqual([
      expect.objectContaining({ kind: "course_ready", message: `Your course “${course.title}” is ready.`, link: courseDetailsHref(course.id), read_at: null }),
    ]);

    await expect.poll(() => mail.smtp.messages.filter((m) => m.to.includes(learner.email)).length, { timeout: 15_000 }).toBe(1);
    const email = mail.smtp.messages.find((m) => m.to.includes(learner.email))!;
    expect(email.subject).toBe(`Your course “${course.title}” is ready on LearnPath`);
    expect(email.text).toContain(courseDetailsHref(course.id));
    expect(email.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<(.+)>/.exec(email.headers["list-unsubscribe"]!)![1]!;
    expect(oneClick).toContain("list=course-ready");

    // The step that wrote the course's end, run again, notices nothing new and mails nothing more.
    await getDb().transaction((tx) => notifyIfCourseReady(tx, course.id));
    expect(await rowsOf(learner.user.id)).toHaveLength(1);
    expect(await mailJobs(course.id)).toBe(1);

    // The e-mail's one click stops these e-mails and no others: the reminders stay on.
    const url = new URL(oneClick);
    const off = await call("POST /reminders/unsubscribe", { path: `${url.pathname}${url.search}`, body: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded" });
    expect(off.status).toBe(200);
    const [goal] = await getDb().select().from(learnerGoals).where(eq(learnerGoals.userId, learner.user.id));
    expect({ courseReady: goal!.courseReadyEmail, reminders: goal!.remindersEnabled }).toEqual({ courseReady: false, reminders: true });
  });

  it("failed: one 'course failed' notification leading back to its request, however often the failure is recorded", { timeout: 90_000 }, async () => {
    fake.addRule({ fault: "broken-json", task: "course_outline", times: Infinity });
    const { learner, topicId } = await learnerAsking();
    const course = await requestedCourse(learner.user.id, topicId);
    expect((await waitForCourse(course.id)).generationStatus).toBe("failed");
    await markGenerationFailed(getDb(), { queue: "generate-course-outline", data: { courseId: course.id, attempt: course.attempt }, reason: "again" });

    const list = await call("GET /users/me/notifications", { token: learner.token });
    expect(list.body.notifications).toEqual([
      expect.objectContaining({ kind: "course_failed", message: `Writing your course “${course.title}” failed.`, link: COURSE_REQUESTS_HREF }),
    ]);
    // No "course ready" e-mail for a learner who never asked for one, and none for a failure.
    expect(await mailJobs(course.id)).toBe(0);
  });

  it("planning failed: one 'planning failed' notification leading to the request cards, however often the failure is recorded", { timeout: 90_000 }, async () => {
    const { learner, topicId } = await learnerAsking();
    fake.addRule({ fault: "server-error", task: "topic_courses", times: Infinity });
    const { request } = await askForCourse(getDb(), learner.user.id, { topic_id: topicId });
    await expect.poll(async () => (await getDb().select({ failedAt: courseRequests.failedAt }).from(courseRequests).where(eq(courseRequests.id, request.id)))[0]?.failedAt ?? null, { timeout: 60_000 }).not.toBeNull();
    await markGenerationFailed(getDb(), { queue: "generate-topic-courses", data: { topicId, requestId: request.id }, reason: "again" });

    const list = await call("GET /users/me/notifications", { token: learner.token });
    expect(list.body.notifications).toEqual([
      expect.objectContaining({ kind: "request_failed", message: expect.stringMatching(/^Planning your course on “.+” failed\.$/), link: COURSE_REQUESTS_HREF }),
    ]);
  });

  it("under review: 'ready' only once the learner can read all of it, and only once", { timeout: 90_000 }, async () => {
    const { learner, topicId } = await learnerAsking("required");
    const course = await requestedCourse(learner.user.id, topicId);
    expect((await waitForCourse(course.id)).generationStatus).toBe("done");
    expect(await rowsOf(learner.user.id)).toEqual([]);

    // One section approved: the course is published, the rest still waits.
    await publishSection(getDb(), course.id, 0);
    expect(await rowsOf(learner.user.id)).toEqual([]);
    await publishCourse(getDb(), course.id);
    const ready = await rowsOf(learner.user.id);
    expect(ready.map((r) => r.kind)).toEqual(["course_ready"]);

    // Paused and published again: not news.
    await unpublishCourse(getDb(), course.id);
    await publishCourse(getDb(), course.id);
    expect(await rowsOf(learner.user.id)).toHaveLength(1);
  });

  it("a course that is nobody's own notices no one", { timeout: 30_000 }, async () => {
    const [topic] = await getDb().insert(topics).values({ title: `Catalogue topic ${process.pid}-${++counter}`, description: "Not personal." }).returning({ id: topics.id });
    const [course] = await getDb().insert(courses).values({ topicId: topic!.id, title: "Catalogue course", level: "Beginner", generationStatus: "done" }).returning({ id: courses.id });
    const before = (await getDb().select({ n: sql<number>`count(*)::int` }).from(notifications))[0]!.n;
    await getDb().transaction((tx) => notifyIfCourseReady(tx, course!.id));
    await getDb().update(courses).set({ generationStatus: "running", generationAttempt: 1 }).where(and(eq(courses.id, course!.id)));
    await markGenerationFailed(getDb(), { queue: "generate-course-outline", data: { courseId: course!.id, attempt: 1 }, reason: "broken" });
    expect((await getDb().select({ n: sql<number>`count(*)::int` }).from(notifications))[0]!.n).toBe(before);
  });
});
