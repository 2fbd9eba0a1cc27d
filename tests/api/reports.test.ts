import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { contentFlags, contentReports } from "../../db/schema";
import { handledText } from "../../lib/authoring/reports/reasons";
import { call } from "../harness/http";
import { quickAccount, reportsCourse, type ReportsCourse } from "./reports-course";
import { WORLD_PASSWORD } from "./world";

/*
 * Learner reports end to end through the API (docs/product-rules.md, "Reports"): a learner
 * reports a lesson or an item and updates their report; the admins' queue groups reports by
 * target with the analytics flags, most affected learners first; resolving a group shows the
 * learners it was handled; reports are in "Download my data" and go with the account.
 */

const REPORT = "POST /reports";
const lesson = (course: ReportsCourse) => ({ course_id: course.courseId, section_index: 0, subsection_index: 0 });
type Group = { kind: string; question_id: number | null; course_id: number; affected_learners: number; flag: string | null; reports: { note: string | null }[]; correct_answer: string | null; options: string[] | null; title: string; reason_counts: Record<string, number> };

async function queueOf(admin: { token: string }, courseId: number): Promise<Group[]> {
  const res = await call("GET /reports", { token: admin.token, path: "/reports?limit=100" });
  expect(res.status).toBe(200);
  return (res.body.groups as Group[]).filter((g) => g.course_id === courseId);
}

describe("a learner reports a problem", () => {
  it("a second report on the same lesson updates the first; another lesson or item is another report", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id], quizOpen: true });
    const first = await call(REPORT, { token: learner.token, json: { ...lesson(course), reason: "typo", note: "  A typo in the first line.  " } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: "lesson", title: "Lesson 1", section_index: 0, subsection_index: 0, reason: "typo", note: "A typo in the first line.", status: "open", resolution: null });
    const again = await call(REPORT, { token: learner.token, json: { ...lesson(course), reason: "unclear" } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, reason: "unclear", note: null });
    const item = await call(REPORT, { token: learner.token, json: { question_id: course.questions[0], reason: "answer_key" } });
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({ kind: "question", question_id: course.questions[0], title: "What is a variable? (0)" });
    const mine = await call("GET /users/me/reports", { token: learner.token });
    expect(mine.body.reports.map((r: { id: number }) => r.id)).toEqual([item.body.id, first.body.id]);
  });

  it("a report naming both a lesson and an item, or neither, is refused with a clear message", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id] });
    const both = await call(REPORT, { token: learner.token, json: { ...lesson(course), question_id: course.questions[0], reason: "typo" } });
    const neither = await call(REPORT, { token: learner.token, json: { reason: "typo" } });
    const long = await call(REPORT, { token: learner.token, json: { ...lesson(course), reason: "typo", note: "x".repeat(1001) } });
    expect([both.status, neither.status, long.status]).toEqual([422, 422, 422]);
    expect(both.body.detail).toMatch(/either a lesson .* or a quiz item/);
    expect(long.body.detail).toMatch(/under 1000 characters/);
  });
});

describe("the admins' queue", () => {
  it("groups reports by target, merges the analytics flag, and sorts by affected learners", async () => {
    const [a, b, c, admin] = await Promise.all([quickAccount(), quickAccount(), quickAccount(), quickAccount("admin")]);
    const course = await reportsCourse({ enrol: [a.id, b.id, c.id], quizOpen: true });
    for (const learner of [a, b]) await call(REPORT, { token: learner.token, json: { question_id: course.questions[0], reason: "answer_key", note: `From ${learner.id}` } });
    await call(REPORT, { token: c.token, json: { ...lesson(course), reason: "unclear" } });
    let groups = await queueOf(admin, course.courseId);
    expect(groups.map((g) => [g.kind, g.affected_learners])).toEqual([["question", 2], ["lesson", 1]]);
    expect(groups[0]).toMatchObject({ options: ["A named value", "A loop", "A file"], correct_answer: course.key, reason_counts: { answer_key: 2 }, flag: null });
    expect(groups[0]!.reports.map((r) => r.note).sort()).toEqual([`From ${a.id}`, `From ${b.id}`].sort());

    // An item almost everyone misses (8 learners) comes first, as a flag of its own.
    await getDb().execute(sql`UPDATE question_stats SET learners = 8, first_correct = 0, attempts = 8 WHERE question_id = ${course.questions[1]}`);
    groups = await queueOf(admin, course.courseId);
    expect(groups.map((g) => [g.question_id, g.affected_learners, g.flag])).toEqual([
      [course.questions[1], 8, "almost_everyone_misses"],
      [course.questions[0], 2, null],
      [null, 1, null],
    ]);
    expect(groups[0]!.reports).toEqual([]);
  });

  it("dismissing or fixing a group closes it; its learners see it handled; a new report starts afresh", async () => {
    const [a, b, admin] = await Promise.all([quickAccount(), quickAccount(), quickAccount("admin")]);
    const course = await reportsCourse({ enrol: [a.id, b.id], quizOpen: true });
    for (const learner of [a, b]) await call(REPORT, { token: learner.token, json: { question_id: course.questions[0], reason: "answer_key" } });
    await call(REPORT, { token: a.token, json: { ...lesson(course), reason: "typo" } });
    await getDb().execute(sql`UPDATE question_stats SET learners = 6, first_correct = 6, attempts = 6 WHERE question_id = ${course.questions[0]}`);

    const dismissed = await call("POST /reports/resolve", { token: admin.token, json: { question_id: course.questions[0], resolution: "dismissed", note: "The key is right." } });
    expect(dismissed).toMatchObject({ status: 200, body: { resolved_reports: 2, flag_resolved: true } });
    const fixed = await call("POST /reports/resolve", { token: admin.token, json: { ...lesson(course), resolution: "fixed" } });
    expect(fixed).toMatchObject({ status: 200, body: { resolved_reports: 1, flag_resolved: false } });
    expect(await queueOf(admin, course.courseId)).toEqual([]);
    // Resolved already: the second admin is told so.
    const twice = await call("POST /reports/resolve", { token: admin.token, json: { question_id: course.questions[0], resolution: "fixed" } });
    expect(twice.status).toBe(404);

    const seen = await call("GET /users/me/reports", { token: b.token, path: `/users/me/reports?question_id=${course.questions[0]}` });
    expect(seen.body.reports).toMatchObject([{ status: "handled", resolution: "dismissed", outcome: "dismissed" }]);
    expect(JSON.stringify(seen.body)).not.toContain("The key is right.");
    const aLesson = await call("GET /users/me/reports", { token: a.token, path: `/users/me/reports?course_id=${course.courseId}&section_index=0&subsection_index=0` });
    // Marked fixed with nothing changed in the lesson: the learner is told no change was needed, not that it was fixed.
    expect(aLesson.body.reports).toMatchObject([{ kind: "lesson", status: "handled", resolution: "fixed", outcome: "no_change" }]);
    expect(handledText(aLesson.body.reports[0].outcome)).toBe("Thanks for your report. Checked: no change was needed.");

    const fresh = await call(REPORT, { token: a.token, json: { question_id: course.questions[0], reason: "unclear" } });
    expect(fresh.status).toBe(201);
    expect((await queueOf(admin, course.courseId)).map((g) => [g.question_id, g.affected_learners, g.flag])).toEqual([[course.questions[0], 1, null]]);
  });
});

describe("what a learner is told came of their report", () => {
  it("marked fixed after an edit made since the report says it was edited; after an edit made before it, that no change was needed; a retired item, that it left the quiz", async () => {
    const [a, b, admin] = await Promise.all([quickAccount(), quickAccount(), quickAccount("admin")]);
    const course = await reportsCourse({ enrol: [a.id, b.id], quizOpen: true });
    const [{ id: subsectionId }] = (
      await getDb().execute<{ id: number }>(sql`SELECT sub.id FROM course_subsections sub JOIN course_sections s ON s.id = sub.section_id WHERE s.course_id = ${course.courseId} AND s.position = 0`)
    ).rows as [{ id: number }];
    // An edit that resolves nothing, then a report: the edit came before it.
    expect((await call("PUT /subsections/:id", { token: admin.token, params: { id: String(subsectionId) }, json: { content: "Edited before the report.", version: 0, resolve_reports: false } })).status).toBe(200);
    await call(REPORT, { token: a.token, json: { ...lesson(course), reason: "typo" } });
    await call("POST /reports/resolve", { token: admin.token, json: { ...lesson(course), resolution: "fixed" } });
    // A report, then an edit that resolves nothing, then "Mark fixed": the edit is what changed.
    await call(REPORT, { token: b.token, json: { ...lesson(course), reason: "typo" } });
    expect((await call("PUT /subsections/:id", { token: admin.token, params: { id: String(subsectionId) }, json: { content: "Edited after the report.", version: 1, resolve_reports: false } })).status).toBe(200);
    await call("POST /reports/resolve", { token: admin.token, json: { ...lesson(course), resolution: "fixed" } });
    // A report on an item, then the item retired.
    await call(REPORT, { token: a.token, json: { question_id: course.questions[1], reason: "wrong" } });
    await getDb().execute(sql`UPDATE quiz_questions SET hint = 'A hint.', concept = 'variables' WHERE id = ${course.questions[1]}`);
    expect((await call("POST /quiz-questions/:id/retire", { token: admin.token, params: { id: String(course.questions[1]) }, json: { version: 0 } })).status).toBe(200);

    const outcomes = async (token: string) => ((await call("GET /users/me/reports", { token })).body.reports as { kind: string; outcome: string }[]).map((r) => [r.kind, r.outcome]);
    expect(await outcomes(a.token)).toEqual([
      ["question", "removed"],
      ["lesson", "no_change"],
    ]);
    expect(await outcomes(b.token)).toEqual([["lesson", "edited"]]);
    const { rows } = await getDb().execute(sql`SELECT outcome FROM content_reports WHERE user_id = ${b.id}`);
    expect(rows).toEqual([{ outcome: "edited" }]);
  });
});

describe("machine checks' flags in the queue", () => {
  it("open grounding, citation and judge flags join their item's group with kind and message, ranked by the item's learners; resolving the group resolves them", async () => {
    const [a, b, admin] = await Promise.all([quickAccount(), quickAccount(), quickAccount("admin")]);
    const course = await reportsCourse({ enrol: [a.id, b.id], quizOpen: true });
    const [{ id: subsectionId }] = (
      await getDb().execute<{ id: number }>(sql`SELECT sub.id FROM course_subsections sub JOIN course_sections s ON s.id = sub.section_id WHERE s.course_id = ${course.courseId} AND s.position = 0`)
    ).rows as [{ id: number }];
    await getDb()
      .insert(contentFlags)
      .values([
        { courseId: course.courseId, questionId: course.questions[1], kind: "judge", severity: "major", message: "The key is disputable." },
        { courseId: course.courseId, questionId: course.questions[1], kind: "grounding", severity: "minor", message: "Not in the sources." },
        { courseId: course.courseId, subsectionId, kind: "citation", severity: "minor", message: "[2] cites a passage about loops." },
      ]);
    // Three learners answered the flagged item (too few for an analytics flag); two are enrolled; one reported the other item.
    await getDb().execute(sql`UPDATE question_stats SET learners = 3, first_correct = 1, attempts = 3 WHERE question_id = ${course.questions[1]}`);
    await call(REPORT, { token: a.token, json: { question_id: course.questions[0], reason: "typo" } });

    const groups = (await queueOf(admin, course.courseId)) as (Group & { machine_flags: { kind: string; severity: string; message: string }[] })[];
    expect(groups.map((g) => [g.kind, g.question_id, g.affected_learners, g.reports.length])).toEqual([
      ["question", course.questions[1], 3, 0],
      ["lesson", null, 2, 0],
      ["question", course.questions[0], 1, 1],
    ]);
    expect(groups[0]!.machine_flags).toEqual([
      expect.objectContaining({ kind: "judge", severity: "major", message: "The key is disputable." }),
      expect.objectContaining({ kind: "grounding", severity: "minor", message: "Not in the sources." }),
    ]);
    expect(groups[1]!.machine_flags).toMatchObject([{ kind: "citation", message: "[2] cites a passage about loops." }]);
    expect(groups[2]!.machine_flags).toEqual([]);

    const dismissed = await call("POST /reports/resolve", { token: admin.token, json: { question_id: course.questions[1], resolution: "dismissed", note: "Checked." } });
    expect(dismissed).toMatchObject({ status: 200, body: { resolved_reports: 0, flag_resolved: false, resolved_machine_flags: 2 } });
    const fixed = await call("POST /reports/resolve", { token: admin.token, json: { ...lesson(course), resolution: "fixed" } });
    expect(fixed).toMatchObject({ status: 200, body: { resolved_reports: 0, resolved_machine_flags: 1 } });
    const rows = await getDb().select().from(contentFlags).where(eq(contentFlags.courseId, course.courseId));
    expect(rows.map((r) => [r.resolution, r.resolutionNote, r.resolvedBy !== null, r.resolvedAt !== null]).sort()).toEqual([
      ["dismissed", "Checked.", true, true],
      ["dismissed", "Checked.", true, true],
      ["fixed", null, true, true],
    ]);
    expect((await queueOf(admin, course.courseId)).map((g) => g.question_id)).toEqual([course.questions[0]]);
    const twice = await call("POST /reports/resolve", { token: admin.token, json: { question_id: course.questions[1], resolution: "fixed" } });
    expect(twice.status).toBe(404);
  });
});

describe("a learner's reports are their data", () => {
  it("Download my data lists them, and deleting the account deletes them", async () => {
    const learner = await quickAccount();
    const course = await reportsCourse({ enrol: [learner.id] });
    await call(REPORT, { token: learner.token, json: { ...lesson(course), reason: "typo", note: "Mine." } });
    const exported = await call("GET /users/me/export", { token: learner.token });
    expect(exported.body.reports).toMatchObject([{ course_id: course.courseId, title: "Lesson 1", reason: "typo", note: "Mine.", resolution: null }]);
    expect((await call("DELETE /users/me", { token: learner.token, json: { password: WORLD_PASSWORD } })).status).toBe(204);
    expect(await getDb().select().from(contentReports).where(eq(contentReports.userId, learner.id))).toEqual([]);
  });
});
