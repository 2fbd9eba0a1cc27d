import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, courseSections, enrollments, generationParts, generationRuns, generationSections, quizAnswers, quizAttempts, quizQuestions, topics, userTopics } from "../../../db/schema";
import { createUser } from "../../../tests/harness/http";
import { estimateCourseMinutes } from "../../catalogue/courses/duration";
import { getCourseForLearner } from "../../catalogue/courses/get-course";
import { enroll } from "../../practice/learning/enrollment";
import { updateProgress } from "../../practice/learning/update-progress";
import { suggestLevel } from "./personalise";
import { contentCounts, courseRow, fakeModelWithWorker, queueNewCourse, waitForCourse } from "../../../tests/harness/generation";
import { askForCourse } from "../course-requests/ask";
import { createTopicWithGeneration, retryCourseGeneration, retryTopicCourses } from "./commands";
import { getCourseGenerationLog, getGenerationOverview, listLiveCalls } from "./admin-overview";
import { getCourseGeneration } from "./status";

/*
 * The pipeline end to end: real pg-boss queues, a worker in this process, the real openai SDK
 * talking to a fake OpenAI-compatible server on loopback. Each fault ends Generated after
 * retries, or Failed with a readable reason, never with partial or duplicated content.
 */

const fake = await fakeModelWithWorker();

const SECTIONS = 4;
const SUBSECTIONS = 3;
const POOL = 10;
const PARTS = SECTIONS * SUBSECTIONS;
/** Model calls of one course: the outline, then per subsection its content, its questions and their verification. */
const CALLS_PER_COURSE = 1 + PARTS * 3;

async function expectComplete(courseId: number) {
  const course = await waitForCourse(courseId);
  expect(course.generationError).toBeNull();
  expect(course.generationStatus).toBe("done");
  expect(course.isDetailCreatedByAi).toBe(true);
  expect(await contentCounts(courseId)).toEqual({
    sections: SECTIONS,
    subsections: SECTIONS * SUBSECTIONS,
    questions: SECTIONS * POOL,
    questionsPerSection: Array(SECTIONS).fill(POOL),
    distinctQuestions: SECTIONS * POOL,
  });
  // The working copy is gone once the course is written.
  expect(await getDb().select().from(generationSections).where(eq(generationSections.courseId, courseId))).toEqual([]);
  expect(await getDb().select().from(generationParts).where(eq(generationParts.courseId, courseId))).toEqual([]);
  expect(course.durationMinutes).toBe(await publishedEstimate(courseId));
}

/** Failed, with only whole sections published (the first `readable`), each with its full quiz. */
async function expectFailedWithoutContent(courseId: number, reason: RegExp, readable = 0) {
  const course = await waitForCourse(courseId);
  expect(course.generationStatus).toBe("failed");
  expect(course.isDetailCreatedByAi).toBe(false);
  expect(course.generationError).toMatch(reason);
  const counts = await contentCounts(courseId);
  expect({ sections: counts.sections, subsections: counts.subsections }).toEqual({ sections: readable, subsections: readable * SUBSECTIONS });
  const status = await getCourseGeneration(getDb(), courseId);
  expect(status).toMatchObject({ status: "Failed", error: course.generationError });
  // The duration is the estimate of what was published: nothing, or the readable sections.
  expect(course.durationMinutes).toBe(await publishedEstimate(courseId));
  if (readable === 0) expect(course.durationMinutes).toBe(0);
}

/** The estimate of a course's published sections, as the reader receives them. */
async function publishedEstimate(courseId: number): Promise<number> {
  const sections = await getDb().query.courseSections.findMany({ where: eq(courseSections.courseId, courseId), with: { subsections: { columns: { content: true } } } });
  expect(sections.length === 0 || sections.every((s) => s.subsections.length > 0)).toBe(true);
  return estimateCourseMinutes(sections);
}

describe("happy path", () => {
  it("a new topic gets 4 courses across levels, each fully Generated with its quiz pools", { timeout: 120_000 }, async () => {
    const topic = await getDb().transaction((tx) => createTopicWithGeneration(tx, { title: "Rust Programming", description: "Systems programming with Rust.", createdBy: null }));
    let list: (typeof courses.$inferSelect)[] = [];
    const deadline = Date.now() + 30_000;
    while (list.length < 4 && Date.now() < deadline) {
      list = await getDb().select().from(courses).where(eq(courses.topicId, topic.id)).orderBy(asc(courses.id));
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(list.map((c) => c.level)).toEqual(["Beginner", "Intermediate", "Advanced", "Beginner"]);
    for (const course of list) await expectComplete(course.id);

    // Calls: 1 for the topic, then per course the outline and three per subsection.
    expect(fake.requests.length).toBe(1 + 4 * CALLS_PER_COURSE);
    const log = await getCourseGenerationLog(getDb(), list[0]!.id);
    expect(log.runs.map((r) => r.step).filter((s) => s === "subsection")).toHaveLength(PARTS);
    expect(log.runs.every((r) => r.ok && r.model === "fake-model" && r.prompt_tokens > 0 && r.completion_tokens > 0)).toBe(true);
    expect(log.totals.calls).toBe(CALLS_PER_COURSE);
    // Every call streamed, with max_tokens, and the schema pins the counts a grammar can enforce.
    expect(fake.requests.every((r) => r.stream && r.maxTokens !== null && r.maxTokens <= 1200)).toBe(true);
    const questionSchema = JSON.stringify(fake.requests.find((r) => r.task === "quiz_questions")!.responseFormat!.json_schema!.schema);
    expect(questionSchema).toMatch(/"questions":\{"minItems":[34],"maxItems":[34]/);
    expect(questionSchema).toContain('"options":{"minItems":4,"maxItems":4');
    expect(log.totals.cost_usd).toBeGreaterThan(0);

    // Content passes the checks: fenced code names its language, 4 distinct options, the answer among them, a hint.
    const [section] = await getDb().select().from(courseSections).where(eq(courseSections.courseId, list[0]!.id)).orderBy(asc(courseSections.position));
    const questions = await getDb().select().from(quizQuestions).where(eq(quizQuestions.sectionId, section!.id));
    for (const q of questions) {
      expect(new Set(q.options).size).toBe(4);
      expect(q.options).toContain(q.correctAnswer);
      expect(q.hint).toBeTruthy();
      expect(q.concept).toBeTruthy();
      // The explanation shown after a miss, and the subsection whose batch it came from.
      expect(q.explanation).toBeTruthy();
      expect(q.subsectionIndex).not.toBeNull();
    }
  });

  it("the status endpoint data says Generating while sections are written, with counts", async () => {
    fake.setLatency(400);
    const courseId = await queueNewCourse();
    let sawProgress = false;
    for (let i = 0; i < 100; i++) {
      const status = await getCourseGeneration(getDb(), courseId);
      if (status.status === "Generated") break;
      expect(status.status).toBe("Generating");
      if (status.sections_total === SECTIONS) sawProgress = true;
      await new Promise((r) => setTimeout(r, 100));
    }
    fake.setLatency(0);
    expect(sawProgress).toBe(true);
    await expectComplete(courseId);
    expect(await getCourseGeneration(getDb(), courseId)).toMatchObject({ status: "Generated", sections_total: SECTIONS, sections_done: SECTIONS, error: null, model_configured: true, notice: null });
  });
});

describe("progressive publication", () => {
  it("a section is readable (and a learner can enrol and move on) while a later one is still being written", { timeout: 60_000 }, async () => {
    // Section 4's subsections never get an answer, so the course stays Generating with sections 1-3 written.
    fake.addRule({ fault: "timeout", task: "subsection_content", match: /of section 4,/, times: Infinity });
    const courseId = await queueNewCourse();
    let status = await getCourseGeneration(getDb(), courseId);
    for (let i = 0; i < 200 && status.sections_done < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = await getCourseGeneration(getDb(), courseId);
    }
    expect(status).toMatchObject({ status: "Generating", is_detail_created_by_ai: false, sections_total: SECTIONS, sections_done: 3 });
    // The calls waiting on section 4 show on the admin panel as in progress.
    expect((await listLiveCalls(getDb())).some((c) => c.course_id === courseId && c.step === "subsection" && c.section_index === 3)).toBe(true);

    const learner = await createUser();
    await enroll(getDb(), learner.user, learner.user.id, courseId);
    const course = await getCourseForLearner(getDb(), learner.user, courseId);
    expect(course.sections.map((s) => [s.ready, s.subsections.length])).toEqual([[true, 3], [true, 3], [true, 3], [false, 3]]);
    // Nothing of the unwritten section is sent, only its planned titles.
    expect(course.sections[3]!.subsections.every((s) => !s.content)).toBe(true);
    expect(course.sections[0]!.subsections[0]!.content!.length).toBeGreaterThan(1000);
    // Quizzes come in with their section's verified questions.
    await expect.poll(async () => (await getCourseForLearner(getDb(), learner.user, courseId)).sections.map((s) => s.quiz_ready), { timeout: 10_000 }).toEqual([true, true, true, false]);
    // Progress is counted against the whole course (its final shape) from the start.
    const moved = await updateProgress(getDb(), learner.user.id, courseId, 0, { sectionIndex: 0, subsectionIndex: 1 });
    expect(moved.furthest_unit).toBe(1);

    // Then the stalled section fails the course; the readable sections stay.
    await expectFailedWithoutContent(courseId, /^Section 4 \("Part 4"\), lesson \d \("Lesson 4\.\d"\): The model sent no token within 2 s/, 3);
  });
});

describe("faults", () => {
  it("broken JSON twice for a subsection is regenerated in the job: Generated, failures logged", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "broken-json", task: "subsection_content", times: 2 });
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    const log = await getCourseGenerationLog(getDb(), courseId);
    expect(log.runs.filter((r) => !r.ok).map((r) => r.error)).toEqual(["The model's answer was not valid JSON.", "The model's answer was not valid JSON."]);
  });

  it("a wrong key is regenerated: Generated", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "wrong-key", task: "course_outline", times: 1 });
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    const failed = (await getCourseGenerationLog(getDb(), courseId)).runs.filter((r) => !r.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toMatch(/did not match the expected shape \(sections:/);
  });

  it("duplicate options are never saved: the questions are replaced, the pool stays full", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "duplicate-options", task: "quiz_questions", times: 1 });
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    const steps = (await getCourseGenerationLog(getDb(), courseId)).runs.map((r) => r.step);
    expect(steps.filter((s) => s === "replace-questions")).toHaveLength(1);
  });

  it("the verification pass drops a question whose key it disagrees with and regenerates it", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "disagree", task: "quiz_verification", times: 1 });
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    const runs = (await getCourseGenerationLog(getDb(), courseId)).runs;
    expect(runs.filter((r) => r.step === "replace-questions")).toHaveLength(1);
    // The replacement was verified too: one verification per batch plus one for the replacement.
    expect(runs.filter((r) => r.step === "verify")).toHaveLength(PARTS + 1);
  });

  it("429 with Retry-After is retried after the pause it asks for: Generated", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "rate-limit", task: "course_outline", times: 2, retryAfter: 1 });
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    const outline = fake.requests.filter((r) => r.task === "course_outline");
    expect(outline.map((r) => r.fault)).toEqual(["rate-limit", "rate-limit", null]);
    expect(outline[1]!.at - outline[0]!.at).toBeGreaterThanOrEqual(900);
    expect(outline[2]!.at - outline[1]!.at).toBeGreaterThanOrEqual(900);
  });

  it("a call that times out is retried: Generated", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "timeout", task: "course_outline", times: 1 });
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    expect(fake.requests.filter((r) => r.task === "course_outline").map((r) => r.fault)).toEqual(["timeout", null]);
  });

  it("a model that always times out ends Failed with a readable reason and no content", { timeout: 90_000 }, async () => {
    fake.addRule({ fault: "timeout", task: "course_outline", times: Infinity });
    const courseId = await queueNewCourse();
    await expectFailedWithoutContent(courseId, /^Outline: The model sent no token within 2 s \(OPENAI_IDLE_TIMEOUT_MS\); is the server overloaded or still loading the model\?$/);
    // A stalled call is not retried by the SDK (that would restart it from scratch): the job retried once (GENERATION_RETRY_LIMIT=1).
    expect(fake.requests.filter((r) => r.task === "course_outline")).toHaveLength(2);
  });

  it("an answer that stalls mid-stream is cut by the idle timeout and that one call is redone: Generated", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "stall", task: "subsection_content", match: /of section 2,/, times: 1 });
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    const failed = (await getCourseGenerationLog(getDb(), courseId)).runs.filter((r) => !r.ok);
    expect(failed).toEqual([expect.objectContaining({ step: "subsection", section_index: 1, error: expect.stringMatching(/^The model stopped sending tokens for 2 s after about [\d,]+ tokens \(OPENAI_IDLE_TIMEOUT_MS\)\.$/) })]);
    // Only the stalled subsection was asked again: 12 subsections + 1.
    expect(fake.requests.filter((r) => r.task === "subsection_content")).toHaveLength(PARTS + 1);
  });

  it("always broken JSON in one section: Failed with the reason, sections before it readable; a retry resumes and finishes", { timeout: 90_000 }, async () => {
    fake.addRule({ fault: "broken-json", task: "subsection_content", match: /of section 3,/, times: Infinity });
    const courseId = await queueNewCourse();
    // Sections 1 and 2 were published as they were written; section 4 waits behind section 3.
    await expectFailedWithoutContent(courseId, /^Section 3 \("Part 3"\), lesson \d \("Lesson 3\.\d"\): The model's answer was not valid JSON\. \(3 tries\)$/, 2);
    // The other parts are kept in the working copy.
    const kept = await getDb().select().from(generationParts).where(eq(generationParts.courseId, courseId));
    expect([...new Set(kept.filter((p) => p.content !== null).map((p) => p.sectionIndex))].sort()).toEqual([0, 1, 3]);
    // The log records the course's failure with its reason. (Calls already in flight for the
    // section's other lessons may log their own failures after it: they are not the last row.)
    const log = await getCourseGenerationLog(getDb(), courseId);
    expect(log.runs.filter((r) => r.step === "failed")).toContainEqual(expect.objectContaining({ ok: false, error: (await courseRow(courseId)).generationError }));

    fake.reset();
    await retryCourseGeneration(getDb(), courseId);
    await expectComplete(courseId);
    // Only the failed section's subsections were written again.
    const rewritten = fake.requests.filter((r) => r.task === "subsection_content");
    expect(rewritten).toHaveLength(SUBSECTIONS);
    expect(rewritten.every((r) => /of section 3,/.test(r.prompt))).toBe(true);
    expect(fake.requests.filter((r) => r.task === "course_outline")).toHaveLength(0);
    await expect(retryCourseGeneration(getDb(), courseId)).rejects.toThrow("Only a course whose generation failed can be retried.");
  });

  it("failed course proposals show on the topic with the reason; a retry proposes them", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "broken-json", task: "topic_courses", times: Infinity });
    const topic = await getDb().transaction((tx) => createTopicWithGeneration(tx, { title: "Haskell", description: "", createdBy: null }));
    let failed: Awaited<ReturnType<typeof getGenerationOverview>>["failed_topics"] = [];
    for (let i = 0; i < 150 && !failed.length; i++) {
      failed = (await getGenerationOverview(getDb())).failed_topics;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(failed).toEqual([expect.objectContaining({ topic_id: topic.id, title: "Haskell", error: 'Courses for "Haskell": The model\'s answer was not valid JSON. (3 tries)' })]);

    fake.clearRules();
    await retryTopicCourses(getDb(), topic.id);
    let list: (typeof courses.$inferSelect)[] = [];
    for (let i = 0; i < 150 && list.length < 4; i++) {
      list = await getDb().select().from(courses).where(eq(courses.topicId, topic.id));
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(list).toHaveLength(4);
    expect((await getGenerationOverview(getDb())).failed_topics).toEqual([]);
    await expect(retryTopicCourses(getDb(), topic.id)).rejects.toThrow("This topic already has its courses.");
    for (const course of list) await waitForCourse(course.id);
  });

  it("an answer cut off at max_tokens (a model looping in a string) is regenerated, with the reason", { timeout: 60_000 }, async () => {
    fake.addRule({ fault: "runaway", task: "quiz_verification", times: 1 });
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    const failed = (await getCourseGenerationLog(getDb(), courseId)).runs.filter((r) => !r.ok);
    expect(failed.map((r) => r.error)).toEqual([
      "The model's answer was cut off (it reached max_tokens, 600 tokens, which a well-formed answer never needs: the model was probably repeating itself).",
    ]);
    expect(failed[0]!.completion_tokens).toBe(600);
  });
});

describe("idempotency", () => {
  it("running a finished course's jobs again changes nothing", { timeout: 60_000 }, async () => {
    const courseId = await queueNewCourse();
    await expectComplete(courseId);
    const { generateCourseOutline } = await import("./pipeline");
    const { generateQuestions, generateSubsection } = await import("./parts");
    const { getLlm } = await import("../../platform/llm/client");
    const { sendSubsectionJob } = await import("./jobs/generate-subsection");
    const { sendQuestionsJob } = await import("./jobs/generate-questions");
    const next = { subsection: sendSubsectionJob, questions: sendQuestionsJob };
    const course = await courseRow(courseId);
    const part = { courseId, attempt: course.generationAttempt, sectionIndex: 0, subsectionIndex: 0 };
    await generateCourseOutline(getDb(), getLlm()!, { courseId, attempt: course.generationAttempt }, next);
    await generateSubsection(getDb(), getLlm()!, part, next);
    await generateQuestions(getDb(), getLlm()!, part, next);
    await expectComplete(courseId);
    expect(fake.requests.filter((r) => r.at > course.updatedAt.getTime())).toHaveLength(0);
  });

  it("a topic whose course proposals ran already is not proposed again", { timeout: 60_000 }, async () => {
    const [topic] = await getDb().select().from(topics).where(eq(topics.title, "Python Programming"));
    const { generateTopicCourses } = await import("./pipeline");
    const { getLlm } = await import("../../platform/llm/client");
    const { sendOutlineJob } = await import("./jobs/generate-course-outline");
    expect(await generateTopicCourses(getDb(), getLlm()!, { topicId: topic!.id }, { outline: sendOutlineJob })).toEqual([]);
    expect(fake.requests).toHaveLength(0);
    const rows = await getDb().select().from(generationRuns).where(and(eq(generationRuns.topicId, topic!.id)));
    expect(rows).toEqual([]);
  });
});

describe("personalisation", () => {
  it("suggests the level above the highest completed, held back while quiz results are weak", () => {
    expect(suggestLevel([], null)).toBe("Beginner");
    expect(suggestLevel(["Beginner"], 0.9)).toBe("Intermediate");
    expect(suggestLevel(["Beginner", "Intermediate"], null)).toBe("Advanced");
    expect(suggestLevel(["Intermediate"], 0.3)).toBe("Intermediate");
  });

  it("a learner's course is written for their level, topics, completed courses and missed questions", { timeout: 60_000 }, async () => {
    const learner = await createUser();
    const db = getDb();
    const [topic] = await db.select().from(topics).where(eq(topics.title, "Python Programming"));
    const [basics] = await db.select().from(courses).where(eq(courses.title, "Python Basics"));
    await db.insert(userTopics).values({ userId: learner.user.id, topicId: topic!.id });
    await db.insert(enrollments).values({ userId: learner.user.id, courseId: basics!.id, progress: 100, completedAt: new Date() });
    const [section] = await db.select().from(courseSections).where(eq(courseSections.courseId, basics!.id)).orderBy(asc(courseSections.position));
    const [missed] = await db.select().from(quizQuestions).where(eq(quizQuestions.sectionId, section!.id)).orderBy(asc(quizQuestions.position));
    const [attempt] = await db.insert(quizAttempts).values({ userId: learner.user.id, courseId: basics!.id, sectionIndex: 0, score: 3, total: 4, passed: false }).returning();
    await db.insert(quizAnswers).values({ attemptId: attempt!.id, questionId: missed!.id, chosenOption: "wrong", isCorrect: false });
    await db.insert(quizAttempts).values({ userId: learner.user.id, courseId: basics!.id, sectionIndex: 0, score: 4, total: 4, passed: true });

    await askForCourse(db, learner.user.id, { topic_id: topic!.id });
    let mine: (typeof courses.$inferSelect)[] = [];
    for (let i = 0; i < 100 && !mine.length; i++) {
      mine = await db.select().from(courses).where(eq(courses.requestedBy, learner.user.id));
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(mine).toHaveLength(1);
    expect(mine[0]!.level).toBe("Intermediate");
    await expectComplete(mine[0]!.id);

    const proposal = fake.requests.find((r) => r.task === "topic_courses")!.prompt;
    expect(proposal).toContain("Level to write for: Intermediate.");
    expect(proposal).toContain("Completed courses: Python Basics (Beginner).");
    expect(proposal).toContain("Python Programming: 1/2 quizzes passed, 7/8 answers right");
    expect(proposal).toContain(`Recently missed (explain these ideas again, with fresh examples): ${missed!.concept ?? missed!.question}`);
    expect(proposal).toContain("Courses the topic already has (do not repeat them): ");
    // The outline and every subsection are written with the same profile.
    const sections = fake.requests.filter((r) => r.task === "subsection_content");
    expect(sections.length).toBe(PARTS);
    expect(sections.every((r) => r.prompt.includes("Level to write for: Intermediate."))).toBe(true);
  });
});
