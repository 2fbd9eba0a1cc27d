import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../../db/client";
import { AppError } from "../../platform/http/app-error";

/*
 * The lesson or quiz item a change is about, read under its row lock (FOR UPDATE) so that
 * concurrent changes of one item take turns (lib/authoring/content-review/versions.ts).
 */

export type LockedSubsection = { id: number; course_id: number; section_id: number; section_index: number; position: number; title: string; content: string };

/** The fields of a quiz item an admin edits, as stored. */
export type QuestionFields = { question: string; options: string[]; correct_answer: string; hint: string | null; explanation: string | null; concept: string | null };

export type LockedQuestion = QuestionFields & { id: number; course_id: number; section_id: number; section_index: number; position: number; subsection_index: number | null; retired_at: string | null; in_review_since: string | null };

export const NO_LESSON = "There is no such lesson.";
export const NO_QUESTION = "There is no such question.";
export const RETIRED = "This question is retired: it is kept for the answers already given and cannot be changed.";

export async function lockSubsection(tx: Transaction, id: number): Promise<LockedSubsection> {
  const { rows } = await tx.execute<LockedSubsection>(sql`
    SELECT sub.id, s.course_id, sub.section_id, s.position AS section_index, sub.position, sub.title, sub.content
      FROM course_subsections sub JOIN course_sections s ON s.id = sub.section_id
     WHERE sub.id = ${id} FOR UPDATE OF sub`);
  if (!rows[0]) throw new AppError("not_found", NO_LESSON);
  return rows[0];
}

export async function lockQuestion(tx: Transaction, id: number, { live = true } = {}): Promise<LockedQuestion> {
  const { rows } = await tx.execute<LockedQuestion>(sql`
    SELECT q.id, s.course_id, q.section_id, s.position AS section_index, q.position, q.question, q.options, q.correct_answer,
           q.hint, q.explanation, q.concept, q.subsection_index, q.retired_at, q.in_review_since
      FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id
     WHERE q.id = ${id} FOR UPDATE OF q`);
  const row = rows[0];
  if (!row) throw new AppError("not_found", NO_QUESTION);
  if (live && row.retired_at !== null) throw new AppError("conflict", RETIRED);
  return row;
}

/** The fields of a question a version row keeps. */
export function questionFields(q: QuestionFields): QuestionFields {
  return { question: q.question, options: q.options, correct_answer: q.correct_answer, hint: q.hint, explanation: q.explanation, concept: q.concept };
}
