import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { contentFlags, courseSections, generationRuns, quizQuestions } from "../../../db/schema";
import { startFakeOpenAi } from "../../../tests/harness/fake-openai";
import { pointModelAtFake, queueNewCourse, runWorkerWith, waitForCourse } from "../../../tests/harness/generation";
import { getLlm } from "../../platform/llm/client";
import { judgeSection } from "./judge";
import { getCourseGenerationLog, getGenerationOverview } from "./admin-overview";

/*
 * The judge pass (docs/product-rules.md, "Judge") on the real pipeline: with GENERATION_JUDGE=on,
 * each published section gets one call on OPENAI_MODEL_JUDGE; its errors become content flags on
 * the items; its calls are logged and costed like the others. (With the default, off, the
 * pipeline's own tests count every call: no judge call among them.)
 */

const fake = await startFakeOpenAi();
pointModelAtFake(fake, { GENERATION_JUDGE: "on", OPENAI_MODEL_JUDGE: "judge-model" });
runWorkerWith(fake);

describe("the judge pass", () => {
  it("judges each published section once, and its error becomes a major flag on the item, its cost in the log", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "judge-flags", task: "section_judgement", match: /section "Part 1"/ });
    const courseId = await queueNewCourse("Judged");
    expect((await waitForCourse(courseId)).generationStatus).toBe("done");
    const judged = () => getDb().select().from(generationRuns).where(and(eq(generationRuns.courseId, courseId), eq(generationRuns.step, "judge")));
    await expect.poll(async () => (await judged()).length, { timeout: 20_000 }).toBe(4);
    expect((await judged()).every((r) => r.ok && r.model === "judge-model")).toBe(true);
    const calls = fake.requests.filter((r) => r.task === "section_judgement");
    expect(calls.map((r) => r.model)).toEqual(Array(4).fill("judge-model"));
    // The prompt shows the lessons in full and marks each key.
    expect(calls[0]!.prompt).toMatch(/Lesson 1: Lesson \d\.1\n/);
    expect(calls[0]!.prompt).toContain("(KEY)");

    const [first] = await getDb().select().from(courseSections).where(eq(courseSections.courseId, courseId)).orderBy(asc(courseSections.position));
    const [question] = await getDb().select().from(quizQuestions).where(eq(quizQuestions.sectionId, first!.id)).orderBy(asc(quizQuestions.position)).limit(1);
    const flags = await getDb().select().from(contentFlags).where(eq(contentFlags.courseId, courseId));
    expect(flags).toMatchObject([
      { kind: "judge", severity: "major", questionId: question!.id, subsectionId: null, message: expect.stringMatching(/^The key is disputable/), resolvedAt: null },
    ]);

    // Costed like every call: in the course's log and the admin panel's cost by course.
    const log = await getCourseGenerationLog(getDb(), courseId);
    expect(log.runs.filter((r) => r.step === "judge")).toHaveLength(4);
    const overview = await getGenerationOverview(getDb());
    expect(overview.models.judge).toBe("judge-model");
    const cost = overview.cost_by_course.find((c) => c.course_id === courseId);
    expect(cost?.calls).toBe(log.totals.calls);

    // Judged already: running the job again makes no call and adds no flag.
    const before = fake.requests.length;
    await judgeSection(getDb(), getLlm()!, { courseId, sectionId: first!.id });
    expect(fake.requests.length).toBe(before);
    expect(await getDb().select().from(contentFlags).where(eq(contentFlags.courseId, courseId))).toHaveLength(1);
  });
});
