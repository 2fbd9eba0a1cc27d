import { and, asc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { courses, courseSections, quizQuestions } from "../../db/schema";
import { call, createUser } from "../../tests/harness/http";
import { answersWithMisses } from "../../tests/harness/quiz-key";

/*
 * Generated pools tag each question with the concept it tests. After a missed question, the next
 * attempt asks it again first, then an unasked question on the same concept, then the unasked rest.
 */

let courseId: number;
let pool: { id: number; position: number }[];

beforeAll(async () => {
  const [course] = await getDb().select().from(courses).where(eq(courses.title, "Python Basics"));
  courseId = course!.id;
  const [section] = await getDb().select().from(courseSections).where(and(eq(courseSections.courseId, courseId), eq(courseSections.position, 0)));
  // A generated-size pool: the seeded questions plus six more.
  const seeded = await getDb().select({ position: quizQuestions.position }).from(quizQuestions).where(eq(quizQuestions.sectionId, section!.id));
  await getDb()
    .insert(quizQuestions)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        sectionId: section!.id,
        position: seeded.length + i,
        question: `Extra question ${i + 1}?`,
        options: ["a", "b", "c", "d"],
        correctAnswer: "a",
        hint: "The first one.",
        concept: `extra ${i + 1}`,
      })),
    );
  pool = await getDb().select({ id: quizQuestions.id, position: quizQuestions.position }).from(quizQuestions).where(eq(quizQuestions.sectionId, section!.id)).orderBy(asc(quizQuestions.position));
  // The first question and the last of the pool (not asked in a first attempt of 5) share a concept.
  await getDb().update(quizQuestions).set({ concept: "Variables" }).where(eq(quizQuestions.id, pool[0]!.id));
  await getDb().update(quizQuestions).set({ concept: "variables" }).where(eq(quizQuestions.id, pool.at(-1)!.id));
});

it("a missed concept is asked again first, then from a fresh question on it", async () => {
  expect(pool.length).toBeGreaterThan(6);
  const learner = await createUser();
  await call("POST /enroll", { token: learner.token, json: { course_id: courseId } });
  const path = `/section-quizzes?course_id=${courseId}&section_index=0`;
  const first = (await call("GET /section-quizzes", { token: learner.token, path })).body as { id: number }[];
  expect(first.map((q) => q.id)).toEqual(pool.slice(0, 5).map((q) => q.id));

  const answers = await answersWithMisses(first, (i) => i === 0);
  const result = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers } });
  expect(result.body.passed).toBe(false);

  const second = (await call("GET /section-quizzes", { token: learner.token, path })).body as { id: number }[];
  const unaskedOthers = pool.slice(5, -1).map((q) => q.id);
  expect(second.map((q) => q.id)).toEqual([pool[0]!.id, pool.at(-1)!.id, ...unaskedOthers].slice(0, 5));
});
