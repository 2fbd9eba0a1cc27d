import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, enrollments, quizAnswers, quizAttempts, quizQuestions, topics, userTopics, type CourseLevel } from "../../db/schema";

/*
 * What the prompts are told about a learner when a course is generated for them: the level to
 * write for, the topics they chose, the courses they completed, their quiz results per topic and
 * the questions they missed, so a new course starts where they are and revisits what they missed.
 */

export type LearnerProfile = { level: CourseLevel | null; text: string };

const GENERAL: LearnerProfile = { level: null, text: "none (write for a general audience at the course's level)" };
const NEXT_LEVEL: Record<CourseLevel, CourseLevel> = { Beginner: "Intermediate", Intermediate: "Advanced", Advanced: "Advanced" };
const RANK: Record<CourseLevel, number> = { Beginner: 0, Intermediate: 1, Advanced: 2 };

/** The level to write for: one above the highest completed, held back while quiz results are weak. */
export function suggestLevel(completed: CourseLevel[], passRate: number | null): CourseLevel {
  if (!completed.length) return "Beginner";
  const highest = completed.reduce((a, b) => (RANK[b] > RANK[a] ? b : a));
  return passRate !== null && passRate < 0.5 ? highest : NEXT_LEVEL[highest];
}

export async function learnerProfile(userId: number | null | undefined): Promise<LearnerProfile> {
  if (!userId) return GENERAL;
  const db = getDb();
  const [chosen, completed, results, missed] = await Promise.all([
    db.select({ title: topics.title }).from(userTopics).innerJoin(topics, eq(topics.id, userTopics.topicId)).where(eq(userTopics.userId, userId)),
    db
      .select({ title: courses.title, level: courses.level })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(and(eq(enrollments.userId, userId), isNotNull(enrollments.completedAt))),
    db
      .select({
        topic: topics.title,
        attempts: sql<number>`count(*)::int`,
        passed: sql<number>`count(*) filter (where ${quizAttempts.passed})::int`,
        score: sql<number>`coalesce(sum(${quizAttempts.score}), 0)::int`,
        total: sql<number>`coalesce(sum(${quizAttempts.total}), 0)::int`,
      })
      .from(quizAttempts)
      .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
      .innerJoin(topics, eq(topics.id, courses.topicId))
      .where(eq(quizAttempts.userId, userId))
      .groupBy(topics.title),
    db
      .select({ question: quizQuestions.question, concept: quizQuestions.concept })
      .from(quizAnswers)
      .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
      .where(and(eq(quizAttempts.userId, userId), eq(quizAnswers.isCorrect, false)))
      .orderBy(desc(quizAttempts.createdAt))
      .limit(8),
  ]);

  const attempts = results.reduce((n, r) => n + r.attempts, 0);
  const passRate = attempts ? results.reduce((n, r) => n + r.passed, 0) / attempts : null;
  const level = suggestLevel(completed.map((c) => c.level), passRate);
  const lines = [
    `Level to write for: ${level}.`,
    `Chosen topics: ${chosen.length ? chosen.map((t) => t.title).join(", ") : "none yet"}.`,
    `Completed courses: ${completed.length ? completed.map((c) => `${c.title} (${c.level})`).join(", ") : "none yet"}.`,
    `Quiz results by topic: ${
      results.length ? results.map((r) => `${r.topic}: ${r.passed}/${r.attempts} quizzes passed, ${r.score}/${r.total} answers right`).join("; ") : "no quizzes taken yet"
    }.`,
  ];
  if (missed.length) {
    lines.push(`Recently missed (explain these ideas again, with fresh examples): ${missed.map((m) => m.concept || m.question).join("; ")}.`);
  }
  return { level, text: lines.join("\n") };
}
