import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courseSections, quizQuestions } from "../../../db/schema";
import { startFakeOpenAi } from "../../../tests/harness/fake-openai";
import { contentCounts, pointModelAtFake, queueNewCourse, runWorkerWith, waitForCourse } from "../../../tests/harness/generation";
import { TASKS } from "../../platform/llm/tasks";
import { balanceKeys } from "./key-positions";
import { getCourseGenerationLog } from "./admin-overview";

/*
 * Model habits (docs/architecture.md, "Model habits"), end to end on the real pipeline: a reasoning
 * model (the fake's `reasoning` profile: every answer thinks first, as reasoning_content) writes a
 * whole course; thinking that spends a call's budget is reported as that and the call is redone;
 * a model that always puts the key first still leaves the course's keys balanced.
 */

const fake = await startFakeOpenAi({ profile: "reasoning" });
pointModelAtFake(fake, { OPENAI_REASONING_EFFORT: "low" });
runWorkerWith(fake);

beforeEach(() => fake.reset());

const FULL = { sections: 4, subsections: 12, questions: 40, questionsPerSection: [10, 10, 10, 10], distinctQuestions: 40 };

describe("a reasoning model", () => {
  it("writes a whole course: its thinking is never parsed, reasoning_effort goes with every call, max_tokens leaves room to think", { timeout: 60_000 }, async () => {
    // One subsection's first call thinks past its whole budget.
    fake.addRule({ fault: "overthink", task: "subsection_content" });
    const courseId = await queueNewCourse("Reasoning");
    const course = await waitForCourse(courseId);
    expect(course.generationError).toBeNull();
    expect(course.generationStatus).toBe("done");
    expect(await contentCounts(courseId)).toEqual(FULL);

    const calls = fake.requests;
    expect(calls.every((r) => r.reasoningEffort === "low" && r.deltas[0]?.field === "reasoning_content")).toBe(true);
    expect(fake.requests.find((r) => r.task === "subsection_content")!.maxTokens).toBe(TASKS.subsection.maxTokens + 2048);
    // The spent budget is logged as such (not as invalid JSON), and the call was made again.
    const failed = (await getCourseGenerationLog(getDb(), courseId)).runs.filter((r) => !r.ok);
    expect(failed.map((r) => [r.step, r.error])).toEqual([
      ["subsection", "The model spent its whole budget of 3,248 tokens reasoning and wrote no answer; raise OPENAI_REASONING_BUDGET_TOKENS or lower OPENAI_REASONING_EFFORT."],
    ]);
  });
});

describe("key positions", () => {
  it("a model that always puts the key first: over a 40-item course no position holds more than 40 % of the keys", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "key-first", task: "quiz_questions", times: Infinity });
    const courseId = await queueNewCourse("Key first");
    const course = await waitForCourse(courseId);
    expect(course.generationStatus).toBe("done");
    // The model did put every key first.
    const written = fake.requests.filter((r) => r.task === "quiz_questions");
    expect(written.length).toBeGreaterThan(0);
    expect(written.every((r) => r.fault === "key-first")).toBe(true);

    const items = await getDb()
      .select({ options: quizQuestions.options, key: quizQuestions.correctAnswer })
      .from(quizQuestions)
      .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
      .where(eq(courseSections.courseId, courseId));
    expect(items).toHaveLength(40);
    const perPosition = [0, 1, 2, 3].map((at) => items.filter((q) => q.options.indexOf(q.key) === at).length);
    expect(Math.max(...perPosition)).toBeLessThanOrEqual(0.4 * items.length);
    // Saved section by section, each key at the least-used position so far: as even as 40 over 4 can be.
    expect(perPosition).toEqual([10, 10, 10, 10]);
  });
});

describe("balanceKeys", () => {
  const q = (n: number) => ({ question: `q${n}`, options: [`key ${n}`, "b", "c", "d"], correct_answer: `key ${n}`, hint: "", concept: "", explanation: "" });

  it("puts each key at the position the course used least so far, the other options in the model's order", () => {
    const { questions, counts } = balanceKeys([q(1), q(2), q(3)], [5, 4, 2, 3]);
    expect(questions.map((x) => x.options.indexOf(x.correct_answer)).sort()).toEqual([2, 2, 3]);
    expect(counts).toEqual([5, 4, 4, 4]);
    for (const x of questions) expect(x.options.filter((o) => o !== x.correct_answer)).toEqual(["b", "c", "d"]);
  });

  it("starts from nothing for a new course and draws among equally used positions", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 50; i++) seen.add(balanceKeys([q(1)], []).questions[0]!.options.indexOf("key 1"));
    expect(seen.size).toBeGreaterThan(1);
    expect(balanceKeys([q(1), q(2), q(3), q(4)], []).counts).toEqual([1, 1, 1, 1]);
  });
});
