import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../../db/client";
import { courseRequests, courses, courseSections, enrollments, generationParts, generationSections, topics } from "../../../db/schema";
import { storeCourseDuration, initialPublication } from "../../catalogue";
import type { LlmClient } from "../../platform/llm/client";
import { courseOutlinePrompt } from "../prompts/course-outline";
import { buildMessages } from "../../platform/llm/render";
import { sourceMaterialBlock } from "../prompts/source-blocks";
import { topicCoursesPrompt } from "../prompts/topic-courses";
import { callChecked, GenerationError } from "./call-checked";
import { checkOutline, checkTopicCourses, MAX_COURSES } from "./checks";
import type { SendFollowUp } from "./follow-up";
import { courseSourceIds, recordCourseSources, sourceExcerpt, sourcesForNewCourse } from "./from-sources";
import type { OutlinePayload, PartPayload } from "./jobs/payloads";
import type { TopicCoursesPayload } from "../../catalogue";
import type { RunContext } from "./log";
import { learnerProfile } from "./personalise";
import { COURSE_LENGTHS, COURSES_PER_TOPIC } from "./plan";
import { loadLiveCourse, lockLiveCourse } from "./course-run";
import { publishAndResend } from "./publish";
import { topicReading } from "../sources/topic-reading";

/*
 * The generation pipeline, as a dependency graph of small model calls. A topic gets its courses
 * (one call); each course gets its outline (one call), written to the course's working copy
 * (generation_sections, generation_parts) with one job per subsection in the same transaction.
 * Then every subsection is written by its own call, all in parallel (bounded by
 * GENERATION_CONCURRENCY); as soon as one is saved, its batch of quiz questions is written from it
 * and verified (lib/authoring/generation/parts.ts). Each saved piece publishes what became complete
 * (lib/authoring/generation/publish.ts): a section is readable as soon as its subsections are in, its quiz
 * as soon as its questions are, and the last piece flips is_detail_created_by_ai. A job that runs
 * twice finds its work done; a retry redoes only the call that failed. A course of a topic with
 * ready sources (or a learner's request naming their own source) is written from them: the
 * proposals and the outline see an excerpt, each lesson its retrieved passages, and it cites them
 * (lib/authoring/generation/from-sources.ts, docs/sources.md "Generation from sources").
 */

export { GenerationError, OUTPUT_TRIES } from "./call-checked";

/* ---------------------------------------------------------------- topic -> courses */

/** Step 1: propose the courses of a topic and queue each one's outline. Returns the new course ids. */
export async function generateTopicCourses(db: Database, llm: LlmClient, payload: TopicCoursesPayload, next: { outline: SendFollowUp<OutlinePayload> }): Promise<number[]> {
  const [topic] = await db.select().from(topics).where(eq(topics.id, payload.topicId));
  if (!topic) return [];
  // A learner's request is planned once: a job that runs again finds its course.
  const request = payload.requestId ? await plannedRequest(db, payload.requestId) : null;
  if (payload.requestId && !request) return [];
  const existing = await db.select({ title: courses.title }).from(courses).where(eq(courses.topicId, topic.id));
  // A topic's own courses are proposed once; a learner's request adds one course of theirs.
  if (!payload.userId && existing.length) return [];
  // A topic's own courses wait for a source still being read: the end of its reading queues them again (docs/sources.md).
  if (!payload.userId && (await topicReading(db, topic.id)).reading > 0) return [];
  const profile = await learnerProfile(db, payload.userId, topic.id, request?.level);
  const context: RunContext = { topicId: topic.id, courseRequestId: payload.requestId ?? null };
  const sourceIds = await sourcesForNewCourse(db, topic.id, payload.userId ? { userId: payload.userId, sourceId: payload.sourceId } : undefined);

  const output = await callChecked(
    db,
    llm,
    "topic-courses",
    buildMessages(topicCoursesPrompt, {
      topic_title: topic.title,
      topic_description: topic.description || "(none)",
      course_count: COURSES_PER_TOPIC,
      existing_courses: existing.length ? existing.map((c) => c.title).join("; ") : "none",
      learner_profile: profile.text,
      source_material: sourceMaterialBlock(await sourceExcerpt(db, sourceIds), "courses"),
    }),
    (data) => {
      const problems = checkTopicCourses(data);
      const taken = new Set(existing.map((c) => c.title.toLowerCase()));
      if (data.courses.some((c) => taken.has(c.title.trim().toLowerCase()))) problems.push("a proposed title repeats an existing course");
      return problems;
    },
    context,
    `Courses for "${topic.title}"`,
    { counts: [COURSES_PER_TOPIC] },
  );

  // For a learner: the one course at their level (the level their request names); for the topic: all of them.
  let picked = output.courses.slice(0, MAX_COURSES);
  if (payload.userId) picked = [{ ...(picked.find((c) => c.level === profile.level) ?? picked[0]!), level: profile.level ?? picked[0]!.level }];

  return db.transaction(async (tx) => {
    await tx.select({ id: topics.id }).from(topics).where(eq(topics.id, topic.id)).for("update");
    if (!payload.userId) {
      const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(courses).where(eq(courses.topicId, topic.id));
      if (n > 0) return [];
    }
    if (request && !(await lockUnplannedRequest(tx, request.id))) return [];
    // A draft under review until an admin publishes it (docs/product-rules.md, "Review and publication").
    const publication = await initialPublication(tx, topic.id);
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
          publication,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: courses.id });
    // Another learner's course took the title meanwhile: this run fails, and its retry proposes again.
    if (request && !inserted.length) throw new GenerationError(`Courses for "${topic.title}": the proposed title was taken meanwhile.`);
    await recordCourseSources(
      tx,
      inserted.map((c) => c.id),
      sourceIds,
    );
    // The learner's own course is theirs from the start: in My Learning while it is written (docs/product-rules.md, "Course requests").
    if (payload.userId) await tx.insert(enrollments).values(inserted.map((c) => ({ userId: payload.userId!, courseId: c.id }))).onConflictDoNothing();
    if (request) await tx.update(courseRequests).set({ courseId: inserted[0]!.id }).where(eq(courseRequests.id, request.id));
    for (const { id } of inserted) await next.outline(tx, { courseId: id, attempt: 1 });
    return inserted.map((c) => c.id);
  });
}

/** A request still to plan (none once its course exists): its level. */
async function plannedRequest(db: DatabaseOrTransaction, requestId: number) {
  const [request] = await db
    .select({ id: courseRequests.id, level: courseRequests.level })
    .from(courseRequests)
    .where(and(eq(courseRequests.id, requestId), isNull(courseRequests.courseId)));
  return request ?? null;
}

/** Locks the request row; false once another run planned it. */
async function lockUnplannedRequest(tx: Transaction, requestId: number): Promise<boolean> {
  const [row] = await tx.select({ courseId: courseRequests.courseId }).from(courseRequests).where(eq(courseRequests.id, requestId)).for("update");
  return !!row && row.courseId === null;
}

/* ---------------------------------------------------------------- course -> outline */

/** Step 2: the outline (reused when an earlier run already wrote it), then the jobs of every part not yet written. */
export async function generateCourseOutline(db: Database, llm: LlmClient, payload: OutlinePayload, next: PartJobs): Promise<void> {
  const row = await loadLiveCourse(db, payload.courseId, payload.attempt);
  if (!row) return;
  const { course, topicTitle } = row;
  await db
    .update(courses)
    .set({ generationStatus: "running", updatedAt: sql`now()` })
    .where(and(eq(courses.id, course.id), eq(courses.generationStatus, "pending")));

  const planned = await db.select({ n: sql<number>`count(*)::int` }).from(generationSections).where(eq(generationSections.courseId, course.id));
  let outline: { title: string; summary: string; subsections: string[] }[] | null = null;
  // The sources to record with a new plan (none when the course has its own already).
  let unrecorded: number[] = [];
  if (!planned[0]?.n) {
    // A course created without its sources recorded (an admin's new course, one made before its
    // topic's sources were ready) is written from the topic's ready sources, recorded with its plan.
    const recorded = await courseSourceIds(db, course.id);
    const sourceIds = recorded.length ? recorded : await sourcesForNewCourse(db, course.topicId);
    if (!recorded.length) unrecorded = sourceIds;
    const profile = await learnerProfile(db, course.requestedBy, course.topicId, course.level);
    const shape = await plannedShape(db, course.id);
    const output = await callChecked(
      db,
      llm,
      "outline",
      buildMessages(courseOutlinePrompt, {
        course_title: course.title,
        course_description: course.description || "(none)",
        course_level: course.level,
        topic_title: topicTitle,
        section_count: shape.sections,
        subsections_per_section: shape.lessons,
        learner_profile: profile.text,
        source_material: sourceMaterialBlock(await sourceExcerpt(db, sourceIds), "outline"),
      }),
      checkOutline,
      { courseId: course.id, attempt: payload.attempt },
      "Outline",
      { counts: [shape.sections, shape.lessons] },
    );
    outline = output.sections.map((s) => ({ title: s.title.trim(), summary: s.summary.trim(), subsections: s.subsections.map((t) => t.trim()) }));
  }

  await db.transaction(async (tx) => {
    if (!(await lockLiveCourse(tx, course.id, payload.attempt))) return;
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(generationSections).where(eq(generationSections.courseId, course.id));
    if (outline && !existing?.n) {
      // A fresh plan replaces whatever content the course had (a regenerated course starts empty).
      await tx.delete(courseSections).where(eq(courseSections.courseId, course.id));
      await storeCourseDuration(tx, course.id);
      await recordCourseSources(tx, [course.id], unrecorded);
      await tx.insert(generationSections).values(outline.map((s, position) => ({ courseId: course.id, position, title: s.title, summary: s.summary, subsectionTitles: s.subsections })));
      await tx
        .insert(generationParts)
        .values(outline.flatMap((s, sectionIndex) => s.subsections.map((title, position) => ({ courseId: course.id, sectionIndex, position, title }))));
    }
    await scheduleParts(tx, course.id, payload.attempt, next);
  });
}

/** The shape a course is planned to: its request's length (docs/product-rules.md, "Course requests"), else the standard one. */
async function plannedShape(db: DatabaseOrTransaction, courseId: number): Promise<{ sections: number; lessons: number }> {
  const [request] = await db.select({ length: courseRequests.length }).from(courseRequests).where(eq(courseRequests.courseId, courseId));
  return COURSE_LENGTHS[request?.length ?? "standard"];
}

type PartJobs = { subsection: SendFollowUp<PartPayload>; questions: SendFollowUp<PartPayload> };

/**
 * Sends the job of every part still to write (its content, else its questions), then publishes
 * what is complete. Used by the outline step and by a retry (which resumes from the saved parts).
 */
async function scheduleParts(tx: Transaction, courseId: number, attempt: number, next: PartJobs): Promise<void> {
  const parts = await tx
    .select({ sectionIndex: generationParts.sectionIndex, position: generationParts.position, hasContent: sql<boolean>`${generationParts.content} is not null`, hasQuestions: sql<boolean>`${generationParts.questions} is not null` })
    .from(generationParts)
    .where(eq(generationParts.courseId, courseId));
  for (const part of parts) {
    const payload = { courseId, attempt, sectionIndex: part.sectionIndex, subsectionIndex: part.position };
    if (!part.hasContent) await next.subsection(tx, payload);
    else if (!part.hasQuestions) await next.questions(tx, payload);
  }
  await publishAndResend(tx, courseId, attempt, next.questions);
}
