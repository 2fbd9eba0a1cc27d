import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { courses, courseSections, courseSubsections, generationParts, generationSections, quizQuestions } from "../../../db/schema";
import { storeCourseDuration, reviewRequiredForCourse } from "../../catalogue";
import type { GeneratedQuestion } from "../../platform/llm/tasks";
import { balanceCourseKeys } from "./balance-keys";
import { norm } from "./checks";
import type { SendFollowUp } from "./follow-up";
import { notifyIfCourseReady } from "../../accounts";
import { judgeWhenPublished } from "./jobs/judge-section";
import type { PartPayload } from "./jobs/payloads";
import { QUESTION_POOL_SIZE } from "./plan";
import { publishLessonGrounding, questionPassages } from "./publish-grounding";

/**
 * Progressive publication, in the caller's transaction (which holds the course's row lock):
 * - a section whose parts all have content goes into course_sections and course_subsections,
 *   once every section before it is there (sections stay in order, so a section's index in the
 *   course is its position, as the reader and the quiz rules count it);
 * - a published section's quiz goes into quiz_questions once all its parts have their verified
 *   questions (a question repeated across parts sends that part back; see the returned list);
 * - when every section and quiz is in, is_detail_created_by_ai flips and the working copy goes
 *   (and a learner's own course, once they can read it, is noticed to them: lib/accounts/notifications).
 * Each step checks what is already there, so running it twice changes nothing.
 * Returns the parts whose questions must be written again.
 */
export async function publishReady(tx: Transaction, courseId: number): Promise<{ redo: { sectionIndex: number; subsectionIndex: number }[] }> {
  const plan = await tx.select().from(generationSections).where(eq(generationSections.courseId, courseId)).orderBy(asc(generationSections.position));
  if (!plan.length) return { redo: [] };
  const parts = await tx
    .select()
    .from(generationParts)
    .where(eq(generationParts.courseId, courseId))
    .orderBy(asc(generationParts.sectionIndex), asc(generationParts.position));
  const partsOf = (sectionIndex: number) => parts.filter((p) => p.sectionIndex === sectionIndex);
  const published = new Map(
    (await tx.select({ id: courseSections.id, position: courseSections.position }).from(courseSections).where(eq(courseSections.courseId, courseId))).map((s) => [
      s.position,
      s.id,
    ]),
  );

  let addedSection = false;
  // Under review, a written section waits for an admin (docs/product-rules.md, "Review and publication");
  // asked only when a section is ready to go in, not on every saved part.
  let publishedAt: Date | null | undefined;
  for (const section of plan) {
    if (published.has(section.position)) continue;
    const own = partsOf(section.position);
    if (!own.length || own.some((p) => p.content === null)) break;
    if (publishedAt === undefined) publishedAt = (await reviewRequiredForCourse(tx, courseId)) ? null : new Date();
    const [row] = await tx.insert(courseSections).values({ courseId, position: section.position, title: section.title, publishedAt }).returning({ id: courseSections.id });
    const lessons = await tx
      .insert(courseSubsections)
      .values(own.map((p) => ({ sectionId: row!.id, position: p.position, title: p.title, content: p.content! })))
      .returning({ id: courseSubsections.id, position: courseSubsections.position });
    await publishLessonGrounding(tx, courseId, own, lessons);
    published.set(section.position, row!.id);
    addedSection = true;
  }
  // The course's duration is the estimate of what is published so far (docs/product-rules.md, "Durations").
  if (addedSection) await storeCourseDuration(tx, courseId);

  const sectionIds = [...published.values()];
  const quizzed = new Set(
    sectionIds.length
      ? (await tx.selectDistinct({ id: quizQuestions.sectionId }).from(quizQuestions).where(inArray(quizQuestions.sectionId, sectionIds))).map((q) => q.id)
      : [],
  );
  const redo: { sectionIndex: number; subsectionIndex: number }[] = [];
  for (const [position, sectionId] of published) {
    if (quizzed.has(sectionId)) continue;
    const own = partsOf(position);
    if (own.some((p) => p.questions === null)) continue;
    // Each part's batch is on its own subsection: that subsection teaches the batch's concepts.
    const pool: (GeneratedQuestion & { subsection: number })[] = [];
    const seen = new Set<string>();
    for (const part of own) {
      const batch = part.questions as GeneratedQuestion[];
      // Parts are written in parallel, so two may ask the same thing: the later one is rewritten.
      if (batch.some((q) => seen.has(norm(q.question)))) {
        redo.push({ sectionIndex: position, subsectionIndex: part.position });
        continue;
      }
      for (const q of batch) seen.add(norm(q.question));
      pool.push(...batch.map((q) => ({ ...q, subsection: part.position })));
    }
    if (redo.some((r) => r.sectionIndex === position)) continue;
    const passageOf = await questionPassages(tx, own);
    await tx.insert(quizQuestions).values(
      (await balanceCourseKeys(tx, courseId, pool.slice(0, QUESTION_POOL_SIZE))).map((q, i) => ({
        sectionId,
        position: i,
        question: q.question,
        options: q.options,
        correctAnswer: q.correct_answer,
        hint: q.hint,
        concept: q.concept || null,
        subsectionIndex: q.subsection,
        // Batches saved before questions carried explanations have none.
        explanation: q.explanation || null,
        passageId: passageOf(q.subsection, q),
      })),
    );
    quizzed.add(sectionId);
    await judgeWhenPublished(tx, courseId, sectionId);
  }
  for (const { sectionIndex, subsectionIndex } of redo) {
    await tx
      .update(generationParts)
      .set({ questions: null })
      .where(and(eq(generationParts.courseId, courseId), eq(generationParts.sectionIndex, sectionIndex), eq(generationParts.position, subsectionIndex)));
  }

  if (published.size === plan.length && quizzed.size === plan.length) {
    await tx
      .update(courses)
      .set({ isDetailCreatedByAi: true, generationStatus: "done", generationError: null, updatedAt: sql`now()` })
      .where(eq(courses.id, courseId));
    await tx.delete(generationParts).where(eq(generationParts.courseId, courseId));
    await tx.delete(generationSections).where(eq(generationSections.courseId, courseId));
    await notifyIfCourseReady(tx, courseId);
  }
  return { redo };
}

/** Publishes what is complete and sends again the question batches publication rejected. */
export async function publishAndResend(tx: Transaction, courseId: number, attempt: number, sendQuestions: SendFollowUp<PartPayload>): Promise<void> {
  const { redo } = await publishReady(tx, courseId);
  for (const part of redo) await sendQuestions(tx, { courseId, attempt, ...part });
}
