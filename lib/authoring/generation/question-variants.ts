import "server-only";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, DatabaseOrTransaction } from "../../../db/client";
import { courses, courseSections, courseSubsections, quizQuestions } from "../../../db/schema";
import type { LlmClient } from "../../platform/llm/client";
import { questionVariantsPrompt } from "../prompts/question-variants";
import { buildMessages } from "../../platform/llm/render";
import { conceptKey } from "../../practice";
import type { VariantsPayload } from "../../practice";
import { callChecked, GenerationError } from "./call-checked";
import type { RejectedQuestion } from "./checks";
import { lessonDigest } from "./digest";
import type { RunContext } from "./log";
import { addVariantsToPool } from "./save-variants";
import { sortVariants, type ConceptToVary } from "./variant-checks";
import { verifyQuestions } from "./verify-questions";

/*
 * Fresh variants (docs/product-rules.md, "Fresh variants"): when a learner's draw uses up a
 * concept's items, the worker writes new items of that concept, same difficulty, another surface,
 * checked and verified blind like every written question, and adds the survivors to the section's
 * shared pool. New items are unseen by every learner, so the next draw counts toward a pass again.
 */

/** Variants asked per concept and call. */
export const VARIANTS_PER_CONCEPT = 2;
/** Concepts per model call: 2 x 2 variants (about 750 tokens) stay well under the task's 1,200 (lib/platform/llm/tasks.ts), with room for reasoning or an extra variant. */
export const CONCEPTS_PER_CALL = 2;
/** A concept's latest items shown as examples (all of them are checked for repeats). */
const EXAMPLES_PER_CONCEPT = 3;
/** Variant calls wait behind course generation's for a model slot (lower runs first, lib/platform/llm/slots.ts). */
const VARIANT_PRIORITY = 1000;

export type VariantsOutcome = { written: number; rejected: RejectedQuestion[]; asked: number; received: number };

type PoolItem = { question: string; correctAnswer: string; concept: string | null; subsectionIndex: number | null };
type Example = ConceptToVary & { examples: PoolItem[]; lesson: { title: string; content: string } | undefined };

async function loadSection(db: DatabaseOrTransaction, sectionId: number) {
  const [section] = await db
    .select({ position: courseSections.position, title: courseSections.title, courseId: courses.id, courseTitle: courses.title, attempt: courses.generationAttempt })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseSections.id, sectionId));
  if (!section) return undefined;
  const [items, lessons] = await Promise.all([
    db
      .select({
        question: quizQuestions.question,
        correctAnswer: quizQuestions.correctAnswer,
        concept: quizQuestions.concept,
        subsectionIndex: quizQuestions.subsectionIndex,
        waiting: isNotNull(quizQuestions.inReviewSince),
      })
      .from(quizQuestions)
      // A retired item (docs/product-rules.md, "Review and editing") is no model for fresh ones, nor a repeat to avoid.
      .where(and(eq(quizQuestions.sectionId, sectionId), isNull(quizQuestions.retiredAt)))
      .orderBy(asc(quizQuestions.position)),
    db.select({ position: courseSubsections.position, title: courseSubsections.title, content: courseSubsections.content }).from(courseSubsections).where(eq(courseSubsections.sectionId, sectionId)),
  ]);
  // Examples are items an admin let learners see; variants still waiting for review only count as repeats to avoid.
  const pool = items.filter((q) => !q.waiting);
  const waitingConcepts = new Set(items.filter((q) => q.waiting && q.concept?.trim()).map((q) => conceptKey(q.concept!)));
  return { ...section, pool, everyItem: items, waitingConcepts, lessons };
}

/** The asked concepts the pool has, each with its text, lesson and latest items; keys it lacks (items deleted since, concept-less items) are skipped. */
function conceptsToVary(keys: string[], pool: PoolItem[], lessons: { position: number; title: string; content: string }[]): Example[] {
  return [...new Set(keys)].flatMap((key) => {
    const items = pool.filter((q) => q.concept?.trim() && conceptKey(q.concept) === key);
    if (!items.length) return [];
    const subsectionIndex = items.find((q) => q.subsectionIndex !== null)?.subsectionIndex ?? null;
    // An item without a subsection is taught by the section's first, as everywhere else (lib/practice/mastery/question-facts.ts).
    const lesson = lessons.find((l) => l.position === (subsectionIndex ?? 0));
    return [{ key, concept: items[0]!.concept!, subsectionIndex, examples: items.slice(-EXAMPLES_PER_CONCEPT), lesson }];
  });
}

function conceptsBlock(concepts: Example[]): string {
  return concepts
    .map((c) =>
      [`Concept: ${c.concept}`, `  Lesson: ${c.lesson?.title ?? "(the section)"}`, ...c.examples.flatMap((q) => [`  Example: ${q.question}`, `  Answer: ${q.correctAnswer}`])].join("\n"),
    )
    .join("\n\n");
}

function lessonsBlock(concepts: Example[]): string {
  const lessons = [...new Map(concepts.filter((c) => c.lesson).map((c) => [c.lesson!.title, c.lesson!])).values()];
  return lessons.length ? lessons.map((l) => `Lesson "${l.title}":\n${lessonDigest(l.content)}`).join("\n\n") : "(no lesson text)";
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

type Section = NonNullable<Awaited<ReturnType<typeof loadSection>>>;
type Run = { courseTitle: string; sectionTitle: string; context: RunContext; label: string; priority: number };

/** One call's concepts: their variants written, checked, verified blind and saved. */
async function varyConcepts(db: Database, llm: LlmClient, sectionId: number, section: Section, group: Example[], run: Run, log: Logger<never>): Promise<VariantsOutcome> {
  const asked = group.length * VARIANTS_PER_CONCEPT;
  const output = await callChecked(
    db,
    llm,
    "question-variants",
    buildMessages(questionVariantsPrompt, {
      course_title: section.courseTitle,
      section_title: section.title,
      variants_per_concept: VARIANTS_PER_CONCEPT,
      variant_count: asked,
      concepts: conceptsBlock(group),
      lessons: lessonsBlock(group),
    }),
    () => [],
    run.context,
    run.label,
    { counts: [asked], priority: run.priority },
  );
  const received = output.variants.length;
  if (received !== asked) log.info({ asked, received }, "the model wrote another number of variants than asked");
  // Checked against the section's whole pool as it is now: a repeat of any item is no fresh item.
  const pool = (await loadSection(db, sectionId))?.everyItem ?? section.everyItem;
  const sorted = sortVariants(output.variants, group, pool, VARIANTS_PER_CONCEPT);
  const verified = await verifyQuestions(db, llm, sorted.accepted, run);
  const saved = await addVariantsToPool(db, sectionId, verified.kept);
  return { written: saved.added.length, rejected: [...sorted.rejected, ...verified.dropped, ...saved.repeated], asked, received };
}

/**
 * write-question-variants: one call per CONCEPTS_PER_CALL concepts, each followed by the checks,
 * the blind verification and the save. A group whose calls fail (server, stall, malformed after
 * its tries) is skipped: the next draw that uses its concepts up asks again. The job fails, and
 * pg-boss retries it, only when every group failed, so a retry never writes a concept twice.
 */
export async function writeQuestionVariants(db: Database, llm: LlmClient, payload: VariantsPayload, log: Logger<never>): Promise<VariantsOutcome> {
  const outcome: VariantsOutcome = { written: 0, rejected: [], asked: 0, received: 0 };
  const section = await loadSection(db, payload.sectionId);
  if (!section) {
    log.info("section deleted: no variants to write");
    return outcome;
  }
  // A concept whose variants wait for an admin's review gets no more until they are decided: under
  // review every draw that uses it up would otherwise pile new ones on the admin (docs/product-rules.md, "Fresh variants").
  const waiting = payload.concepts.filter((key) => section.waitingConcepts.has(key));
  if (waiting.length) log.info({ concept_keys: waiting }, "variants of these concepts wait for review: none asked");
  const concepts = conceptsToVary(
    payload.concepts.filter((key) => !section.waitingConcepts.has(key)),
    section.pool,
    section.lessons,
  );
  const context: RunContext = { courseId: section.courseId, attempt: section.attempt, sectionIndex: section.position, subsectionIndex: null };
  const run: Run = { courseTitle: section.courseTitle, sectionTitle: section.title, context, label: `Section ${section.position + 1} ("${section.title}"), fresh variants`, priority: VARIANT_PRIORITY };
  let failure: GenerationError | undefined;
  let succeeded = 0;
  for (const group of chunks(concepts, CONCEPTS_PER_CALL)) {
    try {
      const done = await varyConcepts(db, llm, payload.sectionId, section, group, run, log);
      succeeded++;
      outcome.written += done.written;
      outcome.rejected.push(...done.rejected);
      outcome.asked += done.asked;
      outcome.received += done.received;
    } catch (error) {
      if (!(error instanceof GenerationError)) throw error;
      log.warn({ concepts: group.map((c) => c.concept), reason: error.message }, "variant call failed; its concepts wait for the next request");
      failure = error;
    }
  }

  for (const r of outcome.rejected) log.info({ question: r.question.slice(0, 200), reason: r.reason }, "variant rejected");
  const reasons: Record<string, number> = {};
  for (const r of outcome.rejected) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  log.info(
    { concepts: concepts.map((c) => c.concept), written: outcome.written, rejected: outcome.rejected.length, reasons, asked: outcome.asked, received: outcome.received },
    "question variants written",
  );
  if (failure && !succeeded) throw failure;
  return outcome;
}
