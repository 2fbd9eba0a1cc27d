import { expect, it } from "vitest";
import { call, createUser } from "../../../tests/harness/http";
import { answersWithMisses, sectionKey } from "../../../tests/harness/quiz-key";
import { seededCourse } from "../../../tests/harness/seeded-course";
import { getDb } from "../../../db/client";
import { quizQuestions } from "../../../db/schema";
import { inArray } from "drizzle-orm";

/*
 * After a miss, the next attempt asks the missed concept first, through the concept's other item
 * (whose key the learner has not seen), never the missed item itself.
 */

it("a missed concept is asked first on the retry, from a fresh item on it", async () => {
  const { courseId } = await seededCourse();
  const learner = await createUser();
  await call("POST /enroll", { token: learner.token, json: { course_id: courseId } });
  const path = `/section-quizzes?course_id=${courseId}&section_index=0`;
  const first = (await call("GET /section-quizzes", { token: learner.token, path })).body as { id: number }[];
  const answers = await answersWithMisses(first, (i) => i === 2);
  const result = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers } });
  expect(result.body.passed).toBe(false);

  const second = (await call("GET /section-quizzes", { token: learner.token, path })).body as { id: number }[];
  const concepts = new Map((await getDb().select({ id: quizQuestions.id, concept: quizQuestions.concept }).from(quizQuestions).where(inArray(quizQuestions.id, [...first, ...second].map((q) => q.id)))).map((r) => [r.id, r.concept]));
  expect(concepts.get(second[0]!.id)).toBe(concepts.get(first[2]!.id));
  expect(second[0]!.id).not.toBe(first[2]!.id);
  expect((await sectionKey(courseId, 0)).length).toBeGreaterThanOrEqual(10);
});
