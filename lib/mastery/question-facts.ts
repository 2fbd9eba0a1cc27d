import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../db/client";
import { courseSections, courseSubsections, quizQuestions } from "../../db/schema";
import type { Lesson } from "../validation/responses/review";

/** What grading, review and mastery need to know about a question, key included (server side only). */
export type QuestionFacts = {
  id: number;
  question: string;
  options: string[];
  correctAnswer: string;
  hint: string | null;
  explanation: string | null;
  courseId: number;
  /** The concept (the section's title for an older question without one). */
  concept: string;
  /** Where the concept is taught: the API's `lesson` object. */
  lesson: Lesson;
};

/**
 * The facts of some questions, with the subsection that teaches each (its first subsection when
 * a question does not say), in one query.
 */
export async function loadQuestionFacts(db: DatabaseOrTransaction, questionIds: number[]): Promise<Map<number, QuestionFacts>> {
  if (!questionIds.length) return new Map();
  const subsection = sql<number>`coalesce(${quizQuestions.subsectionIndex}, 0)`;
  const rows = await db
    .select({
      id: quizQuestions.id,
      question: quizQuestions.question,
      options: quizQuestions.options,
      correctAnswer: quizQuestions.correctAnswer,
      hint: quizQuestions.hint,
      explanation: quizQuestions.explanation,
      concept: quizQuestions.concept,
      subsectionIndex: subsection,
      courseId: courseSections.courseId,
      sectionIndex: courseSections.position,
      sectionTitle: courseSections.title,
      lessonTitle: courseSubsections.title,
    })
    .from(quizQuestions)
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .leftJoin(courseSubsections, and(eq(courseSubsections.sectionId, quizQuestions.sectionId), eq(courseSubsections.position, subsection)))
    .where(inArray(quizQuestions.id, questionIds));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        question: r.question,
        options: r.options,
        correctAnswer: r.correctAnswer,
        hint: r.hint,
        explanation: r.explanation,
        courseId: r.courseId,
        concept: r.concept?.trim() || r.sectionTitle,
        lesson: {
          course_id: r.courseId,
          section_index: r.sectionIndex,
          // A subsection index that names no subsection falls back to the section's first.
          subsection_index: r.lessonTitle === null ? 0 : r.subsectionIndex,
          title: r.lessonTitle ?? r.sectionTitle,
        },
      },
    ]),
  );
}
