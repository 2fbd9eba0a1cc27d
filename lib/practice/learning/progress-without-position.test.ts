import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { enrollments } from "../../../db/schema";
import { call, createUser } from "../../../tests/harness/http";
import { seededCourse } from "../../../tests/harness/seeded-course";

/*
 * The original reader saves progress with only the course, the user and the percentage (no reader
 * position). Such a save counts as one Next step from where the learner stands: it raises progress
 * by one step right after enrolling, one step at a time, and never past a quiz still to pass.
 */

type Learner = Awaited<ReturnType<typeof createUser>>;

let courseId: number;
let shape: number[];

beforeAll(async () => {
  ({ courseId, shape } = await seededCourse());
});

const step = () => Math.round(90 / shape.reduce((a, b) => a + b, 0));

async function enrolled(): Promise<Learner> {
  const learner = await createUser();
  expect((await call("POST /enroll", { token: learner.token, json: { course_id: courseId, user_id: learner.user.id } })).status).toBeLessThan(300);
  return learner;
}

/** Exactly the original reader's call: course_id, user_id, progress. */
const save = (learner: Learner, progress: number) =>
  call("PUT /courses/update_progress", { token: learner.token, json: { course_id: courseId, user_id: learner.user.id, progress } });

async function stored(learner: Learner) {
  const [row] = await getDb().select().from(enrollments).where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, courseId)));
  return { progress: row!.progress, furthestUnit: row!.furthestUnit };
}

describe("a progress save without a reader position", () => {
  it("right after enrolling, rises by one Next step", async () => {
    const learner = await enrolled();
    const res = await save(learner, step());
    expect([res.status, res.body.course_progress]).toEqual([200, step()]);
    expect(await stored(learner)).toEqual({ progress: step(), furthestUnit: 1 });
  });

  it("rises one step per save, and a claim beyond the next step is refused", async () => {
    const learner = await enrolled();
    expect((await save(learner, step())).status).toBe(200);
    const jump = await save(learner, 3 * step());
    expect([jump.status, jump.body.detail]).toEqual([409, `Progress rises as you read and pass quizzes: at most ${2 * step()}% so far.`]);
    expect((await stored(learner)).progress).toBe(step());
    expect((await save(learner, 2 * step())).status).toBe(200);
    expect(await stored(learner)).toEqual({ progress: 2 * step(), furthestUnit: 2 });
  });

  it("re-saving the same progress opens nothing", async () => {
    const learner = await enrolled();
    expect((await save(learner, 0)).status).toBe(200);
    expect(await stored(learner)).toEqual({ progress: 0, furthestUnit: 0 });
  });

  it("never passes a quiz still to pass", async () => {
    const learner = await enrolled();
    for (let i = 1; i < shape[0]!; i++) expect((await save(learner, i * step())).status).toBe(200);
    const reached = (shape[0]! - 1) * step();
    const beyond = await save(learner, reached + step());
    expect([beyond.status, beyond.body.detail]).toEqual([409, `Progress rises as you read and pass quizzes: at most ${reached}% so far.`]);
    expect((await stored(learner)).furthestUnit).toBe(shape[0]! - 1);
  });
});
