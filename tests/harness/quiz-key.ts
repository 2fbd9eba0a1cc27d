import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courseSections, quizQuestions } from "../../db/schema";

/*
 * The answer key, read straight from the database: the API never sends it to a learner, so
 * tests that need to pass (or deliberately fail) a quiz look it up here, as a grader would.
 */

export type KeyedQuestion = { id: number; options: string[]; correctAnswer: string; hint: string | null };

/** The right option (and the hint) of each of these questions, by id. */
export async function answerKey(questionIds: number[]): Promise<Map<number, KeyedQuestion>> {
  if (!questionIds.length) return new Map();
  const rows = await getDb()
    .select({ id: quizQuestions.id, options: quizQuestions.options, correctAnswer: quizQuestions.correctAnswer, hint: quizQuestions.hint })
    .from(quizQuestions)
    .where(inArray(quizQuestions.id, questionIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every question of one section's pool with its key, in position order. */
export async function sectionKey(courseId: number, sectionIndex: number): Promise<KeyedQuestion[]> {
  return getDb()
    .select({ id: quizQuestions.id, options: quizQuestions.options, correctAnswer: quizQuestions.correctAnswer, hint: quizQuestions.hint })
    .from(quizQuestions)
    .innerJoin(courseSections, eq(courseSections.id, quizQuestions.sectionId))
    .where(and(eq(courseSections.courseId, courseId), eq(courseSections.position, sectionIndex)))
    .orderBy(asc(quizQuestions.position));
}

type Answer = { question_id: number; answer: string };

/** A passing submission for these questions (ids as the API listed them). */
export async function rightAnswersFor(questions: { id: number }[]): Promise<Answer[]> {
  const key = await answerKey(questions.map((q) => q.id));
  return questions.map((q) => ({ question_id: q.id, answer: key.get(q.id)!.correctAnswer }));
}

/** The same submission with a wrong option for the questions at `wrongAt` (every one by default). */
export async function answersWithMisses(questions: { id: number }[], wrongAt: (index: number) => boolean = () => true): Promise<Answer[]> {
  const key = await answerKey(questions.map((q) => q.id));
  return questions.map((q, i) => {
    const k = key.get(q.id)!;
    return { question_id: q.id, answer: wrongAt(i) ? k.options.find((o) => o !== k.correctAnswer)! : k.correctAnswer };
  });
}
