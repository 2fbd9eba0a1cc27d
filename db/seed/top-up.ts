import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../client";
import { courseSections, courses, quizQuestions, topics } from "../schema";
import { loadCatalogue, type Catalogue, type SeedCourse } from "./catalogue";

/*
 * A database seeded by an older catalogue keeps its courses (learners' progress refers to them),
 * but its quiz pools may be smaller than today's rule (db/quiz-pool.ts). Topping up adds the
 * catalogue's items a seed section lacks (matched by question text), after the ones it has, so an
 * upgraded install gets today's pools without touching anyone's history. Sections are matched by
 * position and title: a section an operator retitled is left alone.
 */

/** A catalogue quiz item as its quiz_questions row. */
export function quizQuestionRow(sectionId: number, position: number, q: SeedCourse["sections"][number]["quiz"][number]) {
  return {
    sectionId,
    position,
    question: q.question,
    options: q.options,
    correctAnswer: q.answer,
    hint: q.hint,
    concept: q.concept,
    subsectionIndex: q.subsection,
    explanation: q.explanation,
  };
}

/** Adds missing catalogue quiz items to one seeded course; returns how many were added. */
export async function topUpCourseQuiz(tx: Transaction, courseId: number, course: SeedCourse): Promise<number> {
  const sections = await tx
    .select({ id: courseSections.id, position: courseSections.position, title: courseSections.title })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position));
  let added = 0;
  for (const section of sections) {
    const wanted = course.sections[section.position];
    if (!wanted || wanted.title !== section.title) continue;
    const existing = await tx
      .select({ question: quizQuestions.question, position: quizQuestions.position })
      .from(quizQuestions)
      .where(eq(quizQuestions.sectionId, section.id));
    const have = new Set(existing.map((q) => q.question));
    const missing = wanted.quiz.filter((q) => !have.has(q.question));
    if (!missing.length) continue;
    const next = Math.max(-1, ...existing.map((q) => q.position)) + 1;
    await tx.insert(quizQuestions).values(missing.map((q, i) => quizQuestionRow(section.id, next + i, q)));
    added += missing.length;
  }
  return added;
}

/** Tops up every seeded course of the catalogue found in the database; returns how many items were added. */
export async function topUpSeedQuizzes(db: Database, catalogue: Catalogue = loadCatalogue()): Promise<number> {
  return db.transaction(async (tx) => {
    let added = 0;
    for (const course of catalogue.courses) {
      const [row] = await tx
        .select({ id: courses.id })
        .from(courses)
        .innerJoin(topics, eq(topics.id, courses.topicId))
        .where(and(sql`lower(${topics.title}) = lower(${course.topic})`, eq(courses.title, course.title)));
      if (row) added += await topUpCourseQuiz(tx, row.id, course);
    }
    return added;
  });
}
