import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections } from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { answersWithMisses } from "../../../tests/harness/quiz-key";
import { requestQuestionVariants } from "../../practice/quizzes/variants-request";

/*
 * Without a model (no OPENAI_API_KEY) nothing is sent for fresh variants: no worker could ever run
 * the job, so it would wait in the queue forever (docs/product-rules.md, "Fresh variants").
 */

delete process.env.OPENAI_API_KEY;

async function variantJobs() {
  const { rows } = await getDb().execute(sql`SELECT id FROM pgboss.job WHERE name = 'write-question-variants'`);
  return rows;
}

it("a learner using up a pool enqueues nothing without a model, and the quiz goes on", async () => {
  const [course] = await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, "Python Basics"));
  const [section] = await getDb().select({ id: courseSections.id }).from(courseSections).where(and(eq(courseSections.courseId, course!.id), eq(courseSections.position, 0)));
  const learner = await createUser();
  expect((await call("POST /enroll", { token: learner.token, json: { course_id: course!.id } })).status).toBe(201);
  const path = `/section-quizzes?course_id=${course!.id}&section_index=0`;
  const submit = async (answers: unknown) =>
    call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(course!.id), sectionIndex: "0" }, json: { answers } });

  const first = (await call("GET /section-quizzes", { token: learner.token, path })).body as { id: number }[];
  expect((await submit(await answersWithMisses(first, (i) => i === 0))).status).toBe(200);
  // This draw uses up every concept of the section (one item each, two per concept).
  const second = await call("GET /section-quizzes", { token: learner.token, path });
  expect(second.status).toBe(200);
  expect(second.body).toHaveLength(5);

  expect(await requestQuestionVariants(section!.id, ["anything"])).toBeNull();
  // pg-boss creates its tables when a job is first sent; none was, so there may be no table at all.
  const jobs = await variantJobs().catch((error: { cause?: { code?: string } }) => (error.cause?.code === "42P01" ? [] : Promise.reject(error)));
  expect(jobs).toEqual([]);
});
