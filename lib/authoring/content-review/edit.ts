import "server-only";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { fencesWithoutLanguage } from "../../platform/content/fences";
import { questionProblem } from "../generation/checks";
import { AppError } from "../../platform/http/app-error";
import { resolveOpen } from "../reports/resolve";
import type { EditLessonInput, EditQuestionInput } from "./schemas";
import type { ChangedItem } from "./responses";
import { lockQuestion, lockSubsection, questionFields, type LockedQuestion } from "./items";
import { retireLocked } from "./retire";
import { touchCourse } from "../../catalogue";
import { checkVersion, recordVersion } from "./versions";

/*
 * An admin's edits on the review screen (docs/product-rules.md, "Review and editing"): in place,
 * so the row keeps its id and everything learners hold on it (reads, positions, attempts, cards,
 * mastery) stays attached. Each is versioned and refused when someone else changed the item since
 * the version it started from; by default it resolves the item's open reports and flags as 'edited'.
 */

const UNCHANGED = "Nothing changed: edit something before saving.";

/** The lesson's markdown passes the rules generated lessons pass (docs/architecture.md, content checks). */
function lessonProblem(content: string): string | null {
  const fences = fencesWithoutLanguage(content);
  return fences.length ? `Name the language of every code block (the one on line ${fences[0]} has none), for example \`\`\`python.` : null;
}

/** PUT /subsections/:id */
export async function editLesson(db: Database, adminId: number, subsectionId: number, input: EditLessonInput): Promise<ChangedItem> {
  const problem = lessonProblem(input.content);
  if (problem) throw new AppError("invalid", problem, { fields: [{ field: "content", message: problem }] });
  return db.transaction(async (tx) => {
    const sub = await lockSubsection(tx, subsectionId);
    const item = { kind: "subsection", id: sub.id } as const;
    const current = await checkVersion(tx, item, input.version);
    if (sub.content === input.content) throw new AppError("invalid", UNCHANGED);
    await tx.execute(sql`UPDATE course_subsections SET content = ${input.content} WHERE id = ${sub.id}`);
    const version = await recordVersion(tx, { courseId: sub.course_id, item, version: current, kind: "edited", before: { content: sub.content }, after: { content: input.content }, by: adminId });
    const resolved = input.resolve_reports === false ? 0 : (await resolveOpen(tx, adminId, { subsectionId: sub.id, questionId: null }, "edited", null)).resolved_reports;
    await touchCourse(tx, sub.course_id);
    return { kind: "subsection", id: sub.id, version, resolved_reports: resolved, replacement_id: null };
  });
}

/** PUT /quiz-questions/:id */
export async function editQuestion(db: Database, adminId: number, questionId: number, input: EditQuestionInput): Promise<ChangedItem> {
  const after = { question: input.question, options: input.options, correct_answer: input.correct_answer, hint: input.hint, explanation: input.explanation, concept: input.concept };
  const problem = questionProblem(after);
  if (problem) throw new AppError("invalid", `This question cannot be saved: ${problem}.`);
  return db.transaction(async (tx) => {
    const q = await lockQuestion(tx, questionId);
    const item = { kind: "question", id: q.id } as const;
    const current = await checkVersion(tx, item, input.version);
    const before = questionFields(q);
    if (JSON.stringify(before) === JSON.stringify(after)) throw new AppError("invalid", UNCHANGED);
    await tx.execute(sql`
      UPDATE quiz_questions SET question = ${after.question}, options = ${sql.param(after.options)}::text[], correct_answer = ${after.correct_answer},
             hint = ${after.hint}, explanation = ${after.explanation}, concept = ${after.concept}
       WHERE id = ${q.id}`);
    const version = await recordVersion(tx, { courseId: q.course_id, item, version: current, kind: "edited", before, after, by: adminId });
    const resolved = input.resolve_reports === false ? 0 : (await resolveOpen(tx, adminId, { subsectionId: null, questionId: q.id }, "edited", null)).resolved_reports;
    await touchCourse(tx, q.course_id);
    return { kind: "question", id: q.id, version, resolved_reports: resolved, replacement_id: null };
  });
}

/** Retires a locked item whose version was checked (`current`), as a new version: its open reports resolve as `fixed`. */
export async function retireChecked(tx: Transaction, adminId: number, q: LockedQuestion, current: number): Promise<ChangedItem> {
  const retired = await retireLocked(tx, q);
  const version = await recordVersion(tx, { courseId: q.course_id, item: { kind: "question", id: q.id }, version: current, kind: "retired", before: null, after: retired, by: adminId });
  const resolved = (await resolveOpen(tx, adminId, { subsectionId: null, questionId: q.id }, "fixed", null)).resolved_reports;
  await touchCourse(tx, q.course_id);
  return { kind: "question", id: q.id, version, resolved_reports: resolved, replacement_id: retired.replacement_id };
}

/** POST /quiz-questions/:id/retire: never drawn again; its cards move to an item of the same concept or retire (lib/authoring/content-review/retire.ts). */
export async function retireQuestion(db: Database, adminId: number, questionId: number, startedFrom: number): Promise<ChangedItem> {
  return db.transaction(async (tx) => {
    const q = await lockQuestion(tx, questionId);
    return retireChecked(tx, adminId, q, await checkVersion(tx, { kind: "question", id: q.id }, startedFrom));
  });
}
