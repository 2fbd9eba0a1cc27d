import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { contentFlags, courses, courseSections, courseSources, courseSubsections, generationRuns, quizQuestions, sourcePassages, sources, subsectionCitations, topics } from "../../../db/schema";
import { UNSUPPORTED_CLAIM } from "../../../tests/harness/fake-openai";
import { contentCounts, fakeModelWithWorker, waitForCourse } from "../../../tests/harness/generation";
import { createUser } from "../../../tests/harness/http";
import { enqueueCourseGeneration } from "./commands";
import { enqueueTopicCourses } from "../../catalogue/topics/topic-courses-request";
import { citationProblems, citedNumbers, LESSON_PASSAGE_TOKENS, LESSON_PASSAGES, passagesForLesson } from "./from-sources";

/*
 * Courses written from sources (docs/sources.md, "Generation from sources"), end to end with the
 * fake model answering from the passages it is given: every inline citation of a published lesson
 * resolves to a passage of the course's sources, every question names its supporting passage, a
 * citation of a passage the lesson was not given is caught, and a statement no passage supports
 * becomes a grounding flag. A course without sources is written as before: no citation, no
 * grounding call.
 */

const fake = await fakeModelWithWorker();

const db = getDb();
const PARTS = 4 * 3;

/** A handbook of six headed passages, each of a few sentences, as extraction writes them. */
const HANDBOOK = [
  ["Expenses", "Travel expenses are reimbursed within thirty days of the claim. Receipts are attached to every claim. A claim without receipts is returned to its author."],
  ["Holidays", "Every employee has twenty-five days of paid holiday a year. Unused days carry over until the end of March. Holidays are booked in the team calendar two weeks ahead."],
  ["Security", "Laptops are locked whenever their owner leaves the desk. Passwords are at least fourteen characters long. A lost badge is reported to the front desk the same day."],
  ["Onboarding", "A new employee meets their mentor on the first morning. The mentor walks them through the codebase during the first week. Questions go to the team channel rather than private messages."],
  ["Reviews", "Every change is reviewed by one colleague before it is merged. Reviewers answer within one working day. A review comments on the change, never on its author."],
  ["Releases", "Releases leave on Tuesdays and Thursdays. A release is rolled back when its error rate doubles. The person on call decides on a rollback."],
] as const;

let counter = 0;

/** A ready source with the handbook's passages: a topic's (topicId) or a learner's own (ownerId). */
async function handbookSource(holder: { topicId: number } | { ownerId: number }) {
  counter++;
  const [source] = await db
    .insert(sources)
    .values({ ...holder, fileName: `handbook-${counter}.md`, mediaType: "text/markdown", byteSize: 1000, sha256: `handbook-${process.pid}-${Date.now()}-${counter}`.padEnd(64, "0"), status: "ready", pagesDone: 1, pagesTotal: 1 })
    .returning({ id: sources.id });
  const passages = await db
    .insert(sourcePassages)
    .values(HANDBOOK.map(([heading, text], position) => ({ sourceId: source!.id, position, page: 1, heading, text })))
    .returning({ id: sourcePassages.id });
  return { sourceId: source!.id, passageIds: passages.map((p) => p.id) };
}

async function newTopic() {
  counter++;
  const [topic] = await db.insert(topics).values({ title: `Sourced topic ${process.pid}-${Date.now()}-${counter}`, description: "The team handbook." }).returning({ id: topics.id });
  return topic!.id;
}

/** An admin's new course in a topic (its sources are picked up when its outline is planned). */
async function queueCourse(topicId: number) {
  return db.transaction(async (tx) => {
    const [course] = await tx.insert(courses).values({ topicId, title: `Handbook course ${counter}`, description: "The handbook, lesson by lesson.", level: "Beginner" }).returning({ id: courses.id });
    await enqueueCourseGeneration(tx, course!.id);
    return course!.id;
  });
}

async function publishedLessons(courseId: number) {
  return db
    .select({ id: courseSubsections.id, content: courseSubsections.content })
    .from(courseSubsections)
    .innerJoin(courseSections, eq(courseSections.id, courseSubsections.sectionId))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSubsections.position));
}

/** Every lesson cites, and each citation row is a number the lesson cites, resolved to one of `passageIds`. */
async function expectCitationsResolve(courseId: number, passageIds: number[]) {
  const lessons = await publishedLessons(courseId);
  expect(lessons).toHaveLength(PARTS);
  const citations = await db.select().from(subsectionCitations).where(inArray(subsectionCitations.subsectionId, lessons.map((l) => l.id)));
  for (const lesson of lessons) {
    const own = citations.filter((c) => c.subsectionId === lesson.id);
    expect(citedNumbers(lesson.content).length).toBeGreaterThan(0);
    expect(own.map((c) => c.number).sort((a, b) => a - b)).toEqual(citedNumbers(lesson.content));
    for (const c of own) expect(passageIds).toContain(c.passageId);
  }
  const questions = await db
    .select({ passageId: quizQuestions.passageId })
    .from(quizQuestions)
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .where(eq(courseSections.courseId, courseId));
  expect(questions.length).toBe(40);
  for (const q of questions) expect(passageIds).toContain(q.passageId);
}

describe("a course written from sources", () => {
  it("a learner's request naming their own source: the course follows it, cites it, and its questions name their passages", { timeout: 90_000 }, async () => {
    const topicId = await newTopic();
    const { user } = await createUser();
    const own = await handbookSource({ ownerId: user.id });
    const topicSource = await handbookSource({ topicId });
    await db.transaction((tx) => enqueueTopicCourses(tx, topicId, { userId: user.id, sourceId: own.sourceId }));

    let courseId: number | undefined;
    const deadline = Date.now() + 30_000;
    while (!courseId && Date.now() < deadline) {
      [{ id: courseId } = { id: undefined }] = await db.select({ id: courses.id }).from(courses).where(eq(courses.topicId, topicId));
      if (!courseId) await new Promise((r) => setTimeout(r, 200));
    }
    const course = await waitForCourse(courseId!);
    expect(course.generationError).toBeNull();
    expect(course.generationStatus).toBe("done");

    // Written from the learner's source only, not the topic's.
    expect(await db.select({ sourceId: courseSources.sourceId }).from(courseSources).where(eq(courseSources.courseId, courseId!))).toEqual([{ sourceId: own.sourceId }]);
    await expectCitationsResolve(courseId!, own.passageIds);
    expect(topicSource.passageIds.length).toBe(HANDBOOK.length);

    // The proposals and the outline saw the material; the outline's lessons follow its headings.
    for (const task of ["topic_courses", "course_outline"] as const) expect(fake.requests.find((r) => r.task === task)!.prompt).toContain("- Expenses: Travel expenses are reimbursed");
    const lessons = fake.requests.filter((r) => r.task === "subsection_content");
    expect(lessons.some((r) => /Write the subsection "Lesson 1\.1: Expenses"/.test(r.prompt))).toBe(true);
    // Each lesson got at most its budget of numbered passages, and the rule on unsupported claims.
    for (const r of lessons) {
      expect(r.prompt).toContain("A claim the passages do not support is not written");
      expect([...r.prompt.matchAll(/^\[\d+\] /gm)].length).toBeLessThanOrEqual(LESSON_PASSAGES);
    }
    // The blind verification read each question's supporting passage.
    expect(fake.requests.find((r) => r.task === "quiz_verification")!.prompt).toMatch(/^ {3}Passage: "/m);

    // One grounding call per lesson, found nothing, and counted in the course's log like any call.
    const runs = await db.select().from(generationRuns).where(eq(generationRuns.courseId, courseId!));
    const grounding = runs.filter((r) => r.step === "grounding");
    expect(grounding).toHaveLength(PARTS);
    expect(grounding.every((r) => r.ok && r.promptTokens > 0 && r.completionTokens > 0)).toBe(true);
    expect(await db.select().from(contentFlags).where(eq(contentFlags.courseId, courseId!))).toEqual([]);
  });

  it("a citation of a passage the lesson was not given is rejected and the lesson written again", { timeout: 90_000 }, async () => {
    const topicId = await newTopic();
    const { passageIds } = await handbookSource({ topicId });
    fake.addRule({ fault: "bad-citation", task: "subsection_content", match: /of section 2,/, times: 1 });
    const courseId = await queueCourse(topicId);
    const course = await waitForCourse(courseId);
    expect(course.generationStatus).toBe("done");
    await expectCitationsResolve(courseId, passageIds);
    const rejected = await db.select().from(generationRuns).where(and(eq(generationRuns.courseId, courseId), eq(generationRuns.ok, false)));
    expect(rejected.map((r) => r.error)).toEqual([expect.stringMatching(/the lesson cites \[\d\], which is not among its passages \[1\]\.\.\[\d\]/)]);
  });

  it("a lesson that keeps citing a passage it was not given fails the course with the reason, publishing nothing unresolved", { timeout: 90_000 }, async () => {
    const topicId = await newTopic();
    await handbookSource({ topicId });
    fake.addRule({ fault: "bad-citation", task: "subsection_content", match: /of section 1,/, times: Infinity });
    const courseId = await queueCourse(topicId);
    const course = await waitForCourse(courseId);
    expect(course.generationStatus).toBe("failed");
    expect(course.generationError).toMatch(/^Section 1 \("Part 1"\), lesson \d .*which is not among its passages.*\(3 tries\)/);
    expect((await contentCounts(courseId)).subsections).toBe(0);
  });

  it("a statement no passage supports becomes a grounding flag on the published lesson", { timeout: 90_000 }, async () => {
    const topicId = await newTopic();
    await handbookSource({ topicId });
    fake.addRule({ fault: "unsupported-claim", task: "subsection_content", match: /of section 3,/, times: 1 });
    const courseId = await queueCourse(topicId);
    expect((await waitForCourse(courseId)).generationStatus).toBe("done");
    const flags = await db.select().from(contentFlags).where(eq(contentFlags.courseId, courseId));
    expect(flags).toEqual([expect.objectContaining({ kind: "grounding", severity: "major", message: UNSUPPORTED_CLAIM, questionId: null, resolvedAt: null })]);
    const [flagged] = await db.select().from(courseSubsections).where(eq(courseSubsections.id, flags[0]!.subsectionId!));
    expect(flagged!.content).toContain(UNSUPPORTED_CLAIM);
  });

  it("a course of a topic without sources has no citations and makes no grounding call", { timeout: 90_000 }, async () => {
    const topicId = await newTopic();
    const courseId = await queueCourse(topicId);
    expect((await waitForCourse(courseId)).generationStatus).toBe("done");
    expect(await db.select().from(courseSources).where(eq(courseSources.courseId, courseId))).toEqual([]);
    const lessons = await publishedLessons(courseId);
    expect(await db.select().from(subsectionCitations).where(inArray(subsectionCitations.subsectionId, lessons.map((l) => l.id)))).toEqual([]);
    expect(fake.requests.filter((r) => r.task === "grounding_check" || r.task === "source_quiz_questions")).toEqual([]);
    expect(fake.requests.find((r) => r.task === "subsection_content")!.prompt).not.toMatch(/Passages from the course's sources/);
  });
});

describe("retrieval budget and citation rules", () => {
  it("a lesson gets at most its passages' budget, best first, and the sources' opening passages when no word matches", async () => {
    const topicId = await newTopic();
    const { sourceId, passageIds } = await handbookSource({ topicId });
    const found = await passagesForLesson(db, [sourceId], "Part 2", "Lesson 2.1: Holidays");
    // The hit, then the passage after it.
    expect(found.map((p) => p.id)).toEqual([passageIds[1], passageIds[2]]);
    expect(found.length).toBeLessThanOrEqual(LESSON_PASSAGES);
    expect(found.reduce((n, p) => n + Math.ceil(p.text.length / 4), 0)).toBeLessThanOrEqual(LESSON_PASSAGE_TOKENS);
    const fallback = await passagesForLesson(db, [sourceId], "Zz", "Qqq xyzzy");
    expect(fallback.map((p) => p.id)).toEqual(passageIds.slice(0, LESSON_PASSAGES));
  });

  it("a lesson must cite, and only the numbers it was given", () => {
    expect(citationProblems("Receipts are attached [1]. Days carry over [2][3].", 3)).toEqual([]);
    expect(citationProblems("Receipts are attached [1, 2].", 2)).toEqual([]);
    expect(citationProblems("Receipts are attached.", 3)).toEqual([expect.stringContaining("cites none of its 3 passages")]);
    expect(citationProblems("Receipts are attached [4].", 3)).toEqual(["the lesson cites [4], which is not among its passages [1]..[3]"]);
  });
});
