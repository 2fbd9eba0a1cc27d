import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { preparedQuery, type DatabaseOrTransaction } from "../../../db/client";
import { courseSections, courseSubsections, quizQuestions, sourcePassages, sources } from "../../../db/schema";
import type { Lesson } from "../review/responses";
import type { CitedPassage } from "../../catalogue";

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
  /** The source passage that supports the key (docs/sources.md): shown only with the key, once the item is final. */
  passage: CitedPassage | null;
};

const factsQuery = (db: DatabaseOrTransaction) => {
  const subsection = sql<number>`coalesce(${quizQuestions.subsectionIndex}, 0)`;
  return (
    db
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
        passageFile: sources.fileName,
        passagePage: sourcePassages.page,
        passageHeading: sourcePassages.heading,
        passageText: sourcePassages.text,
      })
      .from(quizQuestions)
      .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
      .leftJoin(courseSubsections, and(eq(courseSubsections.sectionId, quizQuestions.sectionId), eq(courseSubsections.position, subsection)))
      .leftJoin(sourcePassages, eq(sourcePassages.id, quizQuestions.passageId))
      .leftJoin(sources, eq(sources.id, sourcePassages.sourceId))
      // `= any($1)`: one statement text for any number of ids, so it is named and PostgreSQL plans it once per connection (docs/performance.md, "API").
      .where(sql`${quizQuestions.id} = any(${sql.placeholder("ids")})`)
      .prepare("question_facts")
  );
};

// On the pool: built once (docs/performance.md, "API"); in a transaction, built there.
const factsOf = preparedQuery(factsQuery);

/**
 * The facts of some questions, with the subsection that teaches each (its first subsection when
 * a question does not say), in one named statement.
 */
export async function loadQuestionFacts(db: DatabaseOrTransaction, questionIds: number[]): Promise<Map<number, QuestionFacts>> {
  if (!questionIds.length) return new Map();
  const rows = await factsOf(db).execute({ ids: questionIds });
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
        passage: r.passageText === null || r.passageFile === null ? null : { file_name: r.passageFile, page: r.passagePage, heading: r.passageHeading, text: r.passageText },
      },
    ]),
  );
}
