import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Database } from "../../db/client";
import { courses, courseSections, courseSubsections, generationSections, quizQuestions, topics } from "../../db/schema";
import { LlmError, type LlmClient } from "../llm/client";
import { courseOutlinePrompt } from "../llm/prompts/course-outline";
import { buildMessages, type ChatMessage } from "../llm/prompts/render";
import { replaceQuestionsPrompt } from "../llm/prompts/replace-questions";
import { sectionPrompt } from "../llm/prompts/section";
import { topicCoursesPrompt } from "../llm/prompts/topic-courses";
import { verifyQuizPrompt } from "../llm/prompts/verify-quiz";
import type { GeneratedQuestion, Task, TaskOutput } from "../llm/schemas";
import { QUESTIONS_PER_ATTEMPT } from "../quizzes/section-quiz";
import { checkOutline, checkQuestions, checkSubsections, checkTopicCourses, MAX_COURSES, type RejectedQuestion } from "./checks";
import { sendOutlineJob, sendSectionJob, type OutlinePayload, type SectionPayload, type TopicCoursesPayload } from "./enqueue";
import { recordRun, type RunContext, type RunStep } from "./log";
import { learnerProfile } from "./personalise";

/*
 * The generation pipeline. A topic gets its courses (one call); each course gets its outline (one
 * call, written with one job per section in the same transaction); sections then run in parallel,
 * each writing its checked content and verified question pool to the course's working copy
 * (generation_sections), replacing whatever a crashed earlier run left. The section that
 * completes the set copies everything into the course tables and flips is_detail_created_by_ai,
 * all in one transaction under the course's row lock. A job that runs twice finds its work done.
 */

export const COURSES_PER_TOPIC = 4;
export const SECTIONS_PER_COURSE = 4;
export const SUBSECTIONS_PER_SECTION = 3;
/** Questions kept per section: twice what one attempt shows, so a retry is not the same quiz. */
export const QUESTION_POOL_SIZE = 2 * QUESTIONS_PER_ATTEMPT;
/** Calls per item when the answer is malformed or fails the checks, before the job itself fails. */
export const OUTPUT_TRIES = 3;
/** Rounds of replacement questions (for rejected or wrongly keyed ones) per section. */
export const REPLACEMENT_ROUNDS = 3;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A step that cannot succeed now; the message is what admins read as the course's failure reason. */
export class GenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GenerationError";
  }
}

/** One model call, repeated while the answer is malformed or fails `check`; every call is logged. */
async function callChecked<T extends Task>(
  llm: LlmClient,
  task: T,
  messages: ChatMessage[],
  check: (data: TaskOutput<T>) => string[],
  context: RunContext,
  label: string,
): Promise<TaskOutput<T>> {
  let lastProblem = "";
  for (let attempt = 1; attempt <= OUTPUT_TRIES; attempt++) {
    let result: Awaited<ReturnType<LlmClient["complete"]>>;
    try {
      result = await llm.complete(task, messages);
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      await recordRun(context, task as RunStep, { usage: error.usage, ok: false, error: error.message });
      if (error.kind === "call_failed") throw new GenerationError(`${label}: ${error.message}`);
      lastProblem = error.message;
      continue;
    }
    const data = result.data as TaskOutput<T>;
    const problems = check(data);
    if (problems.length) {
      lastProblem = `The answer failed the content checks: ${problems.slice(0, 3).join("; ")}.`;
      await recordRun(context, task as RunStep, { usage: result.usage, ok: false, error: lastProblem });
      continue;
    }
    await recordRun(context, task as RunStep, { usage: result.usage, ok: true });
    return data;
  }
  throw new GenerationError(`${label}: ${lastProblem} (${OUTPUT_TRIES} tries)`);
}

const isActive = (status: string) => status === "pending" || status === "running";

/* ---------------------------------------------------------------- topic -> courses */

/** Step 1: propose the courses of a topic and queue each one's outline. Returns the new course ids. */
export async function generateTopicCourses(llm: LlmClient, payload: TopicCoursesPayload): Promise<number[]> {
  const db = getDb();
  const [topic] = await db.select().from(topics).where(eq(topics.id, payload.topicId));
  if (!topic) return [];
  const existing = await db.select({ title: courses.title }).from(courses).where(eq(courses.topicId, topic.id));
  // A topic's own courses are proposed once; a learner's request adds one course of theirs.
  if (!payload.userId && existing.length) return [];
  const profile = await learnerProfile(payload.userId);
  const context: RunContext = { topicId: topic.id };

  const output = await callChecked(
    llm,
    "topic-courses",
    buildMessages(topicCoursesPrompt, {
      topic_title: topic.title,
      topic_description: topic.description || "(none)",
      course_count: COURSES_PER_TOPIC,
      existing_courses: existing.length ? existing.map((c) => c.title).join("; ") : "none",
      learner_profile: profile.text,
    }),
    (data) => {
      const problems = checkTopicCourses(data);
      const taken = new Set(existing.map((c) => c.title.toLowerCase()));
      if (data.courses.some((c) => taken.has(c.title.trim().toLowerCase()))) problems.push("a proposed title repeats an existing course");
      return problems;
    },
    context,
    `Courses for "${topic.title}"`,
  );

  // For a learner: the one course at their level; for the topic: all of them.
  let picked = output.courses.slice(0, MAX_COURSES);
  if (payload.userId) picked = [picked.find((c) => c.level === profile.level) ?? picked[0]!];

  return db.transaction(async (tx) => {
    await tx.select({ id: topics.id }).from(topics).where(eq(topics.id, topic.id)).for("update");
    if (!payload.userId) {
      const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(courses).where(eq(courses.topicId, topic.id));
      if (n > 0) return [];
    }
    const inserted = await tx
      .insert(courses)
      .values(
        picked.map((c) => ({
          topicId: topic.id,
          title: c.title.trim(),
          description: c.description.trim(),
          level: c.level,
          generationStatus: "pending" as const,
          generationAttempt: 1,
          requestedBy: payload.userId ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: courses.id });
    for (const { id } of inserted) await sendOutlineJob(tx, { courseId: id, attempt: 1 });
    return inserted.map((c) => c.id);
  });
}

/* ---------------------------------------------------------------- course -> outline */

async function loadCourse(courseId: number) {
  const [row] = await getDb()
    .select({ course: courses, topicTitle: topics.title })
    .from(courses)
    .innerJoin(topics, eq(topics.id, courses.topicId))
    .where(eq(courses.id, courseId));
  return row;
}

/** Locks the course row and says whether this run (attempt) is still the live one. */
async function lockLiveCourse(tx: Tx, courseId: number, attempt: number): Promise<boolean> {
  const [row] = await tx
    .select({ attempt: courses.generationAttempt, status: courses.generationStatus })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for("update");
  return !!row && row.attempt === attempt && isActive(row.status);
}

/** Step 2: the outline (reused when an earlier run already wrote it), then one job per missing section. */
export async function generateCourseOutline(llm: LlmClient, payload: OutlinePayload): Promise<void> {
  const db = getDb();
  const row = await loadCourse(payload.courseId);
  if (!row || row.course.generationAttempt !== payload.attempt || !isActive(row.course.generationStatus)) return;
  const { course, topicTitle } = row;
  await db
    .update(courses)
    .set({ generationStatus: "running", updatedAt: sql`now()` })
    .where(and(eq(courses.id, course.id), eq(courses.generationStatus, "pending")));

  let plan = await db.select().from(generationSections).where(eq(generationSections.courseId, course.id));
  if (!plan.length) {
    const profile = await learnerProfile(course.requestedBy);
    const output = await callChecked(
      llm,
      "outline",
      buildMessages(courseOutlinePrompt, {
        course_title: course.title,
        course_description: course.description || "(none)",
        course_level: course.level,
        topic_title: topicTitle,
        section_count: SECTIONS_PER_COURSE,
        subsections_per_section: SUBSECTIONS_PER_SECTION,
        learner_profile: profile.text,
      }),
      checkOutline,
      { courseId: course.id, attempt: payload.attempt },
      "Outline",
    );
    plan = output.sections.map((s, position) => ({
      courseId: course.id,
      position,
      title: s.title.trim(),
      summary: s.summary.trim(),
      subsectionTitles: s.subsections.map((t) => t.trim()),
      content: null,
      generatedAt: null,
      createdAt: new Date(),
    }));
  }

  await db.transaction(async (tx) => {
    if (!(await lockLiveCourse(tx, course.id, payload.attempt))) return;
    await tx
      .insert(generationSections)
      .values(plan.map(({ createdAt: _c, ...p }) => p))
      .onConflictDoNothing();
    const missing = await tx
      .select({ position: generationSections.position })
      .from(generationSections)
      .where(and(eq(generationSections.courseId, course.id), isNull(generationSections.content)));
    for (const { position } of missing) await sendSectionJob(tx, { courseId: course.id, attempt: payload.attempt, sectionIndex: position });
    if (!missing.length) await finalizeIfComplete(tx, course.id);
  });
}

/* ---------------------------------------------------------------- section -> content + quiz */

type SectionContent = { subsections: { title: string; content: string }[]; questions: GeneratedQuestion[] };

const norm = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

function numberedQuestions(questions: GeneratedQuestion[]): string {
  return questions.map((q, i) => `${i + 1}. ${q.question}\n${q.options.map((o) => `   - ${o}`).join("\n")}`).join("\n\n");
}

/**
 * The verification pass: the model answers the questions without the key. Questions it answers
 * differently from the key are dropped (and replaced by the caller).
 */
async function verifyQuestions(
  llm: LlmClient,
  questions: GeneratedQuestion[],
  courseTitle: string,
  sectionTitle: string,
  context: RunContext,
  label: string,
): Promise<{ kept: GeneratedQuestion[]; dropped: RejectedQuestion[] }> {
  if (!questions.length) return { kept: [], dropped: [] };
  const output = await callChecked(
    llm,
    "verify",
    buildMessages(verifyQuizPrompt, {
      course_title: courseTitle,
      section_title: sectionTitle,
      question_count: questions.length,
      numbered_questions: numberedQuestions(questions),
    }),
    () => [],
    context,
    `${label} (verification)`,
  );
  const answers = new Map(output.answers.map((a) => [a.number, a.answer]));
  const kept: GeneratedQuestion[] = [];
  const dropped: RejectedQuestion[] = [];
  questions.forEach((q, i) => {
    const answer = answers.get(i + 1);
    if (answer !== undefined && norm(answer) === norm(q.correct_answer)) kept.push(q);
    else dropped.push({ question: q.question, reason: "a second reading chose a different answer than the key" });
  });
  return { kept, dropped };
}

/** Step 3: one section's content and verified question pool; the last section finishes the course. */
export async function generateSection(llm: LlmClient, payload: SectionPayload): Promise<void> {
  const db = getDb();
  const row = await loadCourse(payload.courseId);
  if (!row || row.course.generationAttempt !== payload.attempt || !isActive(row.course.generationStatus)) return;
  const { course } = row;
  const [section] = await db
    .select()
    .from(generationSections)
    .where(and(eq(generationSections.courseId, course.id), eq(generationSections.position, payload.sectionIndex)));
  if (!section) return;
  if (section.content) {
    // Written by an earlier run of this job that stopped before finishing: just complete the course if it can.
    await db.transaction(async (tx) => {
      if (await lockLiveCourse(tx, course.id, payload.attempt)) await finalizeIfComplete(tx, course.id);
    });
    return;
  }

  const context: RunContext = { courseId: course.id, attempt: payload.attempt, sectionIndex: section.position };
  const label = `Section ${section.position + 1} ("${section.title}")`;
  const profile = await learnerProfile(course.requestedBy);
  const output = await callChecked(
    llm,
    "section",
    buildMessages(sectionPrompt, {
      course_title: course.title,
      course_level: course.level,
      section_number: section.position + 1,
      section_title: section.title,
      section_summary: section.summary || section.title,
      subsection_count: section.subsectionTitles.length,
      subsection_list: section.subsectionTitles.map((t, i) => `${i + 1}. ${t}`).join("\n"),
      question_count: QUESTION_POOL_SIZE,
      learner_profile: profile.text,
    }),
    (data) => checkSubsections(section.subsectionTitles, data.subsections),
    context,
    label,
  );

  const first = checkQuestions(output.questions);
  const rejected: RejectedQuestion[] = [...first.rejected];
  let candidates = first.valid.slice(0, QUESTION_POOL_SIZE);
  const pool: GeneratedQuestion[] = [];
  for (let round = 0; ; round++) {
    const { kept, dropped } = await verifyQuestions(llm, candidates, course.title, section.title, context, label);
    pool.push(...kept);
    rejected.push(...dropped);
    if (pool.length >= QUESTION_POOL_SIZE || round >= REPLACEMENT_ROUNDS) break;
    const needed = QUESTION_POOL_SIZE - pool.length;
    const replacement = await callChecked(
      llm,
      "replace-questions",
      buildMessages(replaceQuestionsPrompt, {
        course_title: course.title,
        section_title: section.title,
        section_summary: section.summary || section.title,
        question_count: needed,
        existing_questions: pool.length ? pool.map((q, i) => `${i + 1}. ${q.question}`).join("\n") : "(none yet)",
        rejected: rejected.slice(-5).map((r) => r.reason).join("; ") || "none",
        learner_profile: profile.text,
      }),
      () => [],
      context,
      `${label} (replacement questions)`,
    );
    const checked = checkQuestions(replacement.questions, pool);
    rejected.push(...checked.rejected);
    candidates = checked.valid.slice(0, needed);
  }
  if (pool.length < QUESTION_POOL_SIZE) {
    const last = rejected.at(-1)?.reason ?? "the model wrote too few questions";
    throw new GenerationError(`${label}: only ${pool.length} of ${QUESTION_POOL_SIZE} quiz questions passed the checks and the verification (last problem: ${last}).`);
  }

  const content: SectionContent = {
    subsections: section.subsectionTitles.map((title, i) => ({ title, content: output.subsections[i]!.content.trim() })),
    questions: pool.slice(0, QUESTION_POOL_SIZE),
  };
  await db.transaction(async (tx) => {
    if (!(await lockLiveCourse(tx, course.id, payload.attempt))) return;
    await tx
      .update(generationSections)
      .set({ content, generatedAt: sql`now()` })
      .where(and(eq(generationSections.courseId, course.id), eq(generationSections.position, section.position)));
    await finalizeIfComplete(tx, course.id);
  });
}

/**
 * When every section of the working copy has content: replaces the course's sections,
 * subsections and questions with it and marks the course Generated, in the caller's transaction
 * (which holds the course's row lock). Returns whether it finished the course.
 */
async function finalizeIfComplete(tx: Tx, courseId: number): Promise<boolean> {
  const rows = await tx.select().from(generationSections).where(eq(generationSections.courseId, courseId)).orderBy(asc(generationSections.position));
  if (!rows.length || rows.some((r) => !r.content)) return false;

  await tx.delete(courseSections).where(eq(courseSections.courseId, courseId));
  const inserted = await tx
    .insert(courseSections)
    .values(rows.map((r) => ({ courseId, position: r.position, title: r.title })))
    .returning({ id: courseSections.id, position: courseSections.position });
  const idByPosition = new Map(inserted.map((s) => [s.position, s.id]));
  const subsections = [];
  const questions = [];
  for (const r of rows) {
    const sectionId = idByPosition.get(r.position)!;
    const content = r.content as SectionContent;
    subsections.push(...content.subsections.map((s, position) => ({ sectionId, position, title: s.title, content: s.content })));
    questions.push(
      ...content.questions.map((q, position) => ({
        sectionId,
        position,
        question: q.question,
        options: q.options,
        correctAnswer: q.correct_answer,
        hint: q.hint,
        concept: q.concept || null,
      })),
    );
  }
  await tx.insert(courseSubsections).values(subsections);
  await tx.insert(quizQuestions).values(questions);
  await tx
    .update(courses)
    .set({ isDetailCreatedByAi: true, generationStatus: "done", generationError: null, updatedAt: sql`now()` })
    .where(eq(courses.id, courseId));
  await tx.delete(generationSections).where(eq(generationSections.courseId, courseId));
  return true;
}

/* ---------------------------------------------------------------- failure */

export type FailedJob = { queue: string; data: unknown; reason: string };

/**
 * The dead-letter step: a job that failed its last retry marks its course failed with the reason
 * (only if that run is still the live one), or logs the topic's failure. Partial work stays in the
 * working copy, never in the course tables, and a retry resumes from it.
 */
export async function markGenerationFailed(job: FailedJob): Promise<void> {
  const data = (job.data ?? {}) as Partial<{ courseId: number; topicId: number; attempt: number; sectionIndex: number }>;
  const reason = job.reason.slice(0, 1000);
  if (typeof data.courseId === "number" && typeof data.attempt === "number") {
    const updated = await getDb()
      .update(courses)
      .set({ generationStatus: "failed", generationError: reason, updatedAt: sql`now()` })
      .where(and(eq(courses.id, data.courseId), eq(courses.generationAttempt, data.attempt), inArray(courses.generationStatus, ["pending", "running"])))
      .returning({ id: courses.id });
    if (updated.length) await recordRun({ courseId: data.courseId, attempt: data.attempt, sectionIndex: data.sectionIndex ?? null }, "failed", { ok: false, error: reason });
    return;
  }
  if (typeof data.topicId === "number") await recordRun({ topicId: data.topicId }, "failed", { ok: false, error: reason });
}
