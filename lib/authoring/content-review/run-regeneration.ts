import "server-only";
import { sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction, Transaction } from "../../../db/client";
import { callChecked, GenerationError } from "../generation/call-checked";
import { checkQuestions, checkSubsections, type RejectedQuestion } from "../generation/checks";
import { lessonDigest } from "../generation/digest";
import type { RunContext } from "../generation/log";
import { REPLACEMENT_ROUNDS } from "../generation/plan";
import { verifyQuestions } from "../generation/verify-questions";
import type { LlmClient } from "../../platform/llm/client";
import { regenerateQuestionPrompt } from "../prompts/regenerate-question";
import { regenerateSubsectionPrompt } from "../prompts/regenerate-subsection";
import { buildMessages } from "../../platform/llm/render";
import type { GeneratedQuestion } from "../../platform/llm/tasks";
import { revisionWaitsForReview } from "../../catalogue";
import { applyLessonText, applyQuestionReplacement } from "./apply-regeneration";
import { lockQuestion, lockSubsection, questionFields } from "./items";
import { latestVersion } from "./versions";

/*
 * The worker's side of a regeneration (docs/product-rules.md, "Review and editing"). A lesson is
 * written again with the generation pipeline's prompt rules and checks; a quiz item is written
 * again on the same concept, through the same checks and the same blind verification as a course's
 * questions. What was written is saved only if nobody changed the item since the admin asked
 * (otherwise the regeneration fails with that reason and nothing is overwritten), with the item as
 * it was and as written (`before`, `after`), then:
 * - when review is required and the item's section was approved, it waits as a revision
 *   (in_review): learners keep the approved version, untouched, until an admin accepts it or keeps
 *   the old one (lib/authoring/content-review/decide-regeneration.ts);
 * - otherwise it goes to learners at once (lib/authoring/content-review/apply-regeneration.ts): a lesson in
 *   place, a quiz item as a NEW item in the old one's place, the old one retired, so no learner's
 *   record of the old question is rewritten under them. Either way the item's open reports are
 *   resolved as 'regenerated'.
 */

type Request = { id: number; course_id: number; subsection_id: number | null; question_id: number | null; base_version: number; instruction: string | null; requested_by: number | null; status: string };

type Course = { title: string; level: string; attempt: number };

const CHANGED_MEANWHILE = "Someone changed it while the new version was being written; nothing was replaced. Ask again from the current version.";

async function loadRequest(db: DatabaseOrTransaction, id: number): Promise<Request | undefined> {
  const { rows } = await db.execute<Request>(sql`
    SELECT id, course_id, subsection_id, question_id, base_version, instruction, requested_by, status FROM content_regenerations WHERE id = ${id}`);
  return rows[0];
}

async function loadCourse(db: DatabaseOrTransaction, courseId: number): Promise<Course | undefined> {
  const { rows } = await db.execute<Course>(sql`SELECT title, level, generation_attempt AS attempt FROM courses WHERE id = ${courseId}`);
  return rows[0];
}

/** Ends a regeneration still pending: failed with why (in the caller's transaction when given). */
export async function failRegeneration(db: DatabaseOrTransaction, id: number, reason: string): Promise<void> {
  await db.execute(sql`UPDATE content_regenerations SET status = 'failed', error = ${reason}, finished_at = now() WHERE id = ${id} AND status = 'pending'`);
}

const instructionText = (r: Request) => r.instruction || "none: write a clearer, correct version.";

async function regenerateLesson(db: Database, llm: LlmClient, r: Request, course: Course): Promise<void> {
  const { rows: found } = await db.execute<{ title: string; content: string; section_index: number; section_title: string; position: number }>(sql`
    SELECT sub.title, sub.content, s.position AS section_index, s.title AS section_title, sub.position
      FROM course_subsections sub JOIN course_sections s ON s.id = sub.section_id WHERE sub.id = ${r.subsection_id}`);
  const lesson = found[0];
  if (!lesson) return failRegeneration(db, r.id, "The lesson was deleted.");
  const { rows: outline } = await db.execute<{ position: number; title: string; lessons: string }>(sql`
    SELECT s.position, s.title, string_agg(sub.title, '; ' ORDER BY sub.position) AS lessons
      FROM course_sections s JOIN course_subsections sub ON sub.section_id = s.id WHERE s.course_id = ${r.course_id}
     GROUP BY s.id ORDER BY s.position`);
  const context: RunContext = { courseId: r.course_id, attempt: course.attempt, sectionIndex: lesson.section_index, subsectionIndex: lesson.position };
  const output = await callChecked(
    db,
    llm,
    "subsection",
    buildMessages(regenerateSubsectionPrompt, {
      course_title: course.title,
      course_level: course.level,
      course_outline: outline.map((s) => `${s.position + 1}. ${s.title}: ${s.lessons}`).join("\n"),
      section_number: lesson.section_index + 1,
      section_title: lesson.section_title,
      subsection_title: lesson.title,
      current_content: lesson.content,
      instruction: instructionText(r),
    }),
    (data) => checkSubsections([lesson.title], [{ title: lesson.title, content: data.content }]),
    context,
    `Regenerating lesson "${lesson.title}"`,
  );
  const content = output.content.trim();
  await db.transaction(async (tx) => {
    const sub = await lockSubsection(tx, r.subsection_id!);
    const { version } = await latestVersion(tx, { kind: "subsection", id: sub.id });
    if (version !== r.base_version) return failRegeneration(tx, r.id, CHANGED_MEANWHILE);
    const written = { before: { content: sub.content }, after: { content } };
    if (await revisionWaitsForReview(tx, r.course_id, sub.section_id)) return finish(tx, r.id, "in_review", written);
    await applyLessonText(tx, sub, content, { courseId: r.course_id, version, instruction: r.instruction, by: r.requested_by });
    await finish(tx, r.id, "done", written);
  });
}

/** The regeneration written: waiting for review, or done (with the new item of a question). */
async function finish(tx: Transaction, id: number, status: "in_review" | "done", written: { before: unknown; after: unknown }, replacementId: number | null = null) {
  await tx.execute(sql`
    UPDATE content_regenerations SET status = ${status}, before = ${JSON.stringify(written.before)}::jsonb, after = ${JSON.stringify(written.after)}::jsonb,
           replacement_id = ${replacementId}, finished_at = now()
     WHERE id = ${id} AND status = 'pending'`);
}

async function regenerateQuestion(db: Database, llm: LlmClient, r: Request, course: Course): Promise<void> {
  const { rows: found } = await db.execute<GeneratedQuestion & { section_id: number; section_index: number; section_title: string; subsection_index: number | null; retired: boolean }>(sql`
    SELECT q.question, q.options, q.correct_answer, coalesce(q.hint, '') AS hint, coalesce(q.concept, '') AS concept, coalesce(q.explanation, '') AS explanation,
           q.section_id, s.position AS section_index, s.title AS section_title, q.subsection_index, q.retired_at IS NOT NULL AS retired
      FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id WHERE q.id = ${r.question_id}`);
  const old = found[0];
  if (!old || old.retired) return failRegeneration(db, r.id, "The question was retired or deleted meanwhile.");
  const [{ rows: lessons }, { rows: others }] = await Promise.all([
    db.execute<{ title: string; content: string }>(sql`
      SELECT title, content FROM course_subsections WHERE section_id = ${old.section_id} ORDER BY (position = coalesce(${old.subsection_index}, 0)) DESC, position LIMIT 1`),
    db.execute<{ question: string }>(sql`SELECT question FROM quiz_questions WHERE section_id = ${old.section_id} AND id <> ${r.question_id} AND retired_at IS NULL ORDER BY position`),
  ]);
  const lesson = lessons[0] ?? { title: old.section_title, content: "" };
  const concept = old.concept || old.question;
  const context: RunContext = { courseId: r.course_id, attempt: course.attempt, sectionIndex: old.section_index, subsectionIndex: old.subsection_index };
  const label = `Regenerating a question of section ${old.section_index + 1} ("${old.section_title}")`;
  // The old text counts as existing: a "new" question that repeats it is rejected.
  const existing = [...others, { question: old.question }];
  const rejected: RejectedQuestion[] = [];
  let fresh: GeneratedQuestion | undefined;
  for (let round = 0; round <= REPLACEMENT_ROUNDS && !fresh; round++) {
    const written = await callChecked(
      db,
      llm,
      "replace-questions",
      buildMessages(regenerateQuestionPrompt, {
        course_title: course.title,
        section_title: old.section_title,
        lesson_title: lesson.title,
        lesson_digest: lessonDigest(lesson.content) || "(no lesson text)",
        concept,
        current_question: `${old.question}\n${old.options.map((o) => `   - ${o}${o === old.correct_answer ? " (key)" : ""}`).join("\n")}`,
        existing_questions: others.length ? others.map((q, i) => `${i + 1}. ${q.question}`).join("\n") : "(none)",
        instruction: rejected.length ? `${instructionText(r)} (Earlier tries were rejected: ${rejected.slice(-3).map((x) => x.reason).join("; ")}.)` : instructionText(r),
      }),
      () => [],
      context,
      label,
      { counts: [1] },
    );
    const checked = checkQuestions(written.questions.slice(0, 1), existing);
    rejected.push(...checked.rejected);
    // The new item tests the old one's concept, so the pool keeps its concepts and moved review cards stay on topic.
    const candidates = checked.valid.map((q) => ({ ...q, concept: old.concept || q.concept }));
    const { kept, dropped } = await verifyQuestions(db, llm, candidates, { courseTitle: course.title, sectionTitle: old.section_title, context, label, priority: 0 });
    rejected.push(...dropped);
    fresh = kept[0];
  }
  if (!fresh) throw new GenerationError(`${label}: no new question passed the checks and the verification (last problem: ${rejected.at(-1)?.reason ?? "none written"}).`);
  const fields = questionFields(fresh);
  await db.transaction(async (tx) => {
    const q = await lockQuestion(tx, r.question_id!, { live: false });
    const { version } = await latestVersion(tx, { kind: "question", id: q.id });
    if (version !== r.base_version || q.retired_at !== null) return failRegeneration(tx, r.id, CHANGED_MEANWHILE);
    const written = { before: questionFields(q), after: fields };
    if (await revisionWaitsForReview(tx, r.course_id, q.section_id)) return finish(tx, r.id, "in_review", written);
    const newId = await applyQuestionReplacement(tx, q, fields, { courseId: r.course_id, version, instruction: r.instruction, by: r.requested_by });
    await finish(tx, r.id, "done", written, newId);
  });
}

/** regenerate-content: writes the new version of one requested lesson or item; a re-run of a finished one does nothing. */
export async function runRegeneration(db: Database, llm: LlmClient, regenerationId: number): Promise<void> {
  const r = await loadRequest(db, regenerationId);
  if (!r || r.status !== "pending") return;
  const course = await loadCourse(db, r.course_id);
  if (!course) return;
  if (r.subsection_id !== null) await regenerateLesson(db, llm, r, course);
  else await regenerateQuestion(db, llm, r, course);
}
