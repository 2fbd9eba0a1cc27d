import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { certificates, enrollments } from "../../db/schema";
import { call, createUser } from "../harness/http";
import { answerKey } from "../harness/quiz-key";
import { seededCourse } from "../harness/seeded-course";

/*
 * A learner (or a script) submitted every section's quiz with empty answers, read the revealed keys
 * off the results, resubmitted them and passed: a 3-section course and its public certificate in
 * 0.2 s without opening a lesson. Now a key, once shown, never counts again until the cool-down
 * has passed: a retry asks items whose keys were not revealed, and once the pool is used up the
 * attempt is practice that cannot pass.
 */

type Learner = Awaited<ReturnType<typeof createUser>>;
type Result = { passed: boolean; counts_toward_pass: boolean; next_counting_at: string | null; results: { question_id: number; correct_answer: string }[] };

let courseId: number;
const clockDir = mkdtempSync(join(tmpdir(), "replay-clock-"));
const clockFile = join(clockDir, "clock.json");
const previousClock = process.env.TEST_CLOCK_FILE;

beforeAll(async () => {
  ({ courseId } = await seededCourse());
  process.env.TEST_CLOCK_FILE = clockFile;
});
afterAll(() => {
  if (previousClock === undefined) delete process.env.TEST_CLOCK_FILE;
  else process.env.TEST_CLOCK_FILE = previousClock;
});

const draw = async (learner: Learner) => {
  const res = await call("GET /section-quizzes", { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=0` });
  expect(res.status).toBe(200);
  return res.body as { id: number; options: string[] }[];
};
const submit = async (learner: Learner, answers: { question_id: number; answer: string | null }[]) =>
  call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" }, json: { answers } });

async function progressOf(learner: Learner) {
  const [row] = await getDb()
    .select({ progress: enrollments.progress, completedAt: enrollments.completedAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, courseId)));
  return row!;
}

describe("replaying revealed keys", () => {
  it("empty answers reveal keys, but resubmitting them never passes, and a retry asks items not revealed", async () => {
    const learner = await createUser();
    await call("POST /enroll", { token: learner.token, json: { course_id: courseId } });
    const harvested = new Map<number, string>();

    // Attempt 1: nothing answered; every key comes back on the results.
    const first = await draw(learner);
    const blank = await submit(learner, first.map((q) => ({ question_id: q.id, answer: null })));
    expect(blank.body.passed).toBe(false);
    for (const r of (blank.body as Result).results) harvested.set(r.question_id, r.correct_answer);

    // The replay: the same items with the revealed keys are not part of the new attempt.
    const second = await draw(learner);
    expect(second.some((q) => harvested.has(q.id))).toBe(false);
    const replay = await submit(learner, first.map((q) => ({ question_id: q.id, answer: harvested.get(q.id)! })));
    expect(replay.status).toBe(422);

    // Attempt 2, blank again: now every item of the pool has been revealed.
    const blankAgain = await submit(learner, second.map((q) => ({ question_id: q.id, answer: null })));
    for (const r of (blankAgain.body as Result).results) harvested.set(r.question_id, r.correct_answer);

    // Attempt 3 can only bring revealed items back: answering every one with its key does not pass.
    const third = await draw(learner);
    expect(third.every((q) => harvested.has(q.id))).toBe(true);
    const state = await call("GET /courses/:id/sections/:sectionIndex/quiz-attempt", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" } });
    expect(state.body.counts_toward_pass).toBe(false);
    const replayed = await submit(learner, third.map((q) => ({ question_id: q.id, answer: harvested.get(q.id)! })));
    expect(replayed.body).toMatchObject({ passed: false, score: 5, total: 5, counts_toward_pass: false });
    expect(Date.parse((replayed.body as Result).next_counting_at!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await progressOf(learner)).toMatchObject({ progress: 0, completedAt: null });
    expect(await getDb().select().from(certificates).where(eq(certificates.userId, learner.user.id))).toEqual([]);
  });

  it("never locks a learner out: once the cool-down has passed, items revealed longest ago count again", async () => {
    const learner = await createUser();
    await call("POST /enroll", { token: learner.token, json: { course_id: courseId } });
    for (let i = 0; i < 2; i++) await submit(learner, (await draw(learner)).map((q) => ({ question_id: q.id, answer: null })));

    // A day and a minute later, on this learner's clock only.
    writeFileSync(clockFile, JSON.stringify({ [learner.user.id]: 24 * 3_600_000 + 60_000 }));
    const later = await draw(learner);
    const state = await call("GET /courses/:id/sections/:sectionIndex/quiz-attempt", { token: learner.token, params: { id: String(courseId), sectionIndex: "0" } });
    expect(state.body.counts_toward_pass).toBe(true);
    const key = await answerKey(later.map((q) => q.id));
    const passed = await submit(learner, later.map((q) => ({ question_id: q.id, answer: key.get(q.id)!.correctAnswer })));
    expect(passed.body).toMatchObject({ passed: true, counts_toward_pass: true });
    expect((await progressOf(learner)).progress).toBeGreaterThan(0);
  });
});
