import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../harness/fake-openai";
import { pointModelAtFake } from "../harness/generation";
import { call, createUser } from "../harness/http";
import { parseEvents } from "../harness/openapi";
import { answerKey } from "../harness/quiz-key";
import { seededCourse } from "../harness/seeded-course";

/*
 * The guard's model check through the API (docs/tutor.md, "The model check"), with the fake model
 * as the operator's judge model (TUTOR_GUARD_CHECK=on): a riddle that names the key of an item of
 * the learner's open quiz never reaches them (a hint instead, the turn `guarded`); a harmless
 * sentence the rules held is released on the check's "no leak"; a check that does not answer in
 * time cuts the reply.
 */

const fake = await startFakeOpenAi({ profile: { ttftMs: 20, tokensPerSecond: 400, slots: 8, contextTokens: 128_000, wrongCountEvery: 0 } });
pointModelAtFake(fake, { TUTOR_GUARD_CHECK: "on", TUTOR_GUARD_CHECK_TIMEOUT_MS: "1500", OPENAI_MODEL_JUDGE: "judge-model" });

type Learner = Awaited<ReturnType<typeof createUser>>;
type Event = { event: string; data: Record<string, unknown> };

let courseId: number;
beforeAll(async () => {
  ({ courseId } = await seededCourse());
});
afterAll(() => fake.close());

async function learnerWithQuiz() {
  const learner = await createUser();
  expect((await call("POST /enroll", { token: learner.token, json: { course_id: courseId } })).status).toBe(201);
  const quiz = await call("GET /section-quizzes", { token: learner.token, path: `/section-quizzes?course_id=${courseId}&section_index=0` });
  const items = quiz.body as { id: number; options: string[] }[];
  const keys = await answerKey(items.map((i) => i.id));
  return { learner, items: items.map((item, i) => ({ ...item, number: i + 1, key: keys.get(item.id)!.correctAnswer })) };
}

async function ask(learner: Learner, message: string) {
  const res = await call("POST /tutor/turns", { token: learner.token, json: { course_id: courseId, section_index: 0, subsection_index: 0, message } });
  const events = parseEvents(res.body as string) as Event[];
  return { events, shown: events.filter((e) => e.event === "token").map((e) => e.data.text as string).join(""), done: events.find((e) => e.event === "done")?.data };
}

const checks = () => fake.requests.filter((r) => r.task === "tutor_guard_check");

describe("the guard's model check", () => {
  it("cuts a riddle that names an open item's key, with the hint", async () => {
    const { learner, items } = await learnerWithQuiz();
    const item = items[1]!;
    const letter = "ABCD"[item.options.indexOf(item.key)]!;
    // "the letter right after B" for C; for A, "the letter right before B".
    const riddle = letter === "A" ? "the letter right before B" : `the letter right after ${String.fromCharCode(letter.charCodeAt(0) - 1)}`;
    const before = checks().length;
    fake.addRule({ fault: "leak-answer", task: "tutor", say: `For number 2, take ${riddle}.` });
    const { events, shown, done } = await ask(learner, "Any tips for my quiz?");
    expect(done).toMatchObject({ status: "guarded" });
    expect(events.find((e) => e.event === "hint")?.data.text).toMatch(/question 2/);
    expect(shown).not.toContain(riddle);
    expect(checks().length).toBeGreaterThan(before);
    expect(checks().at(-1)!.model).toBe("judge-model");
  });

  it("releases a held sentence the check finds harmless", async () => {
    const { learner } = await learnerWithQuiz();
    const before = checks().length;
    const harmless = "Question 2 is worth another look once you have reread the lesson's example.";
    fake.addRule({ fault: "leak-answer", task: "tutor", say: harmless });
    const { shown, done } = await ask(learner, "Should I redo my quiz?");
    expect(done).toMatchObject({ status: "complete" });
    expect(shown).toContain(harmless);
    expect(checks().length).toBeGreaterThan(before);
  });

  it("cuts the reply when the check does not answer in time (fail closed)", async () => {
    const { learner } = await learnerWithQuiz();
    fake.addRule({ fault: "timeout", task: "tutor_guard_check" });
    const harmless = "Question 2 is worth another look once you have reread the lesson's example.";
    fake.addRule({ fault: "leak-answer", task: "tutor", say: harmless });
    const { events, shown, done } = await ask(learner, "Should I redo my quiz?");
    expect(done).toMatchObject({ status: "guarded" });
    expect(events.some((e) => e.event === "hint")).toBe(true);
    expect(shown).not.toContain(harmless);
  });
});
