import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { conceptMastery, courses, enrollments, quizAnswers, quizAttempts, quizQuestions, topics, userTopics, type CourseLevel } from "../../../db/schema";
import { levelOfRow, MASTERY_MODEL, masteryOf } from "../../practice";

/*
 * What the prompts are told about a learner when a course is generated for them: the level to
 * write for, the topics they chose, the courses they completed, their quiz results per topic and
 * the questions they missed, so a new course starts where they are and revisits what they missed.
 * For a course in one topic (a learner's own course, POST /courses/generate) it also names their
 * weakest concepts there (lib/practice/mastery), to be taught first. The level is the subject's alone
 * (docs/product-rules.md, "Course requests"): completed courses and quiz results in that topic,
 * held back to where they struggle there; a course finished in Python says nothing of Git.
 */

export type LearnerProfile = { level: CourseLevel | null; text: string };

const GENERAL: LearnerProfile = { level: null, text: "none (write for a general audience at the course's level)" };
const NEXT_LEVEL: Record<CourseLevel, CourseLevel> = { Beginner: "Intermediate", Intermediate: "Advanced", Advanced: "Advanced" };
const RANK: Record<CourseLevel, number> = { Beginner: 0, Intermediate: 1, Advanced: 2 };

/**
 * The level to write for: one above the highest completed, held back while quiz results are weak,
 * and never above the lowest level at which the learner struggles with a concept of this topic.
 */
export function suggestLevel(completed: CourseLevel[], passRate: number | null, strugglingAt: CourseLevel | null = null): CourseLevel {
  const highest = completed.length ? completed.reduce((a, b) => (RANK[b] > RANK[a] ? b : a)) : null;
  const level = !highest ? "Beginner" : passRate !== null && passRate < 0.5 ? highest : NEXT_LEVEL[highest];
  return strugglingAt && RANK[strugglingAt] < RANK[level] ? strugglingAt : level;
}

/** How many of the weakest concepts in the topic the prompts name. */
const WEAKEST_IN_TOPIC = 5;

/**
 * `level`: the level the course is written at (a learner's request names one); without it, the
 * level suggested for the topic.
 */
export async function learnerProfile(db: DatabaseOrTransaction, userId: number | null | undefined, topicId?: number, level?: CourseLevel): Promise<LearnerProfile> {
  if (!userId) return GENERAL;
  const [chosen, completed, results, missed, inTopic] = await Promise.all([
    db.select({ title: topics.title }).from(userTopics).innerJoin(topics, eq(topics.id, userTopics.topicId)).where(eq(userTopics.userId, userId)),
    db
      .select({ title: courses.title, level: courses.level, topicId: courses.topicId })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(and(eq(enrollments.userId, userId), isNotNull(enrollments.completedAt))),
    db
      .select({
        topicId: topics.id,
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
      .groupBy(topics.id, topics.title),
    db
      .select({ question: quizQuestions.question, concept: quizQuestions.concept })
      .from(quizAnswers)
      .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
      .where(and(eq(quizAttempts.userId, userId), eq(quizAnswers.isCorrect, false)))
      .orderBy(desc(quizAttempts.createdAt))
      .limit(8),
    topicId === undefined
      ? Promise.resolve([])
      : db
          .select({ concept: conceptMastery.concept, rating: conceptMastery.rating, answers: conceptMastery.answers, lastCorrect: conceptMastery.lastCorrect, course: courses.title, level: courses.level })
          .from(conceptMastery)
          .innerJoin(courses, eq(courses.id, conceptMastery.courseId))
          .where(and(eq(conceptMastery.userId, userId), eq(courses.topicId, topicId), sql`(${conceptMastery.rating} < ${Math.log(MASTERY_MODEL.masteredFrom / (1 - MASTERY_MODEL.masteredFrom))} or not ${conceptMastery.lastCorrect})`))
          .orderBy(conceptMastery.rating)
          .limit(WEAKEST_IN_TOPIC),
  ]);

  // The subject's own record only (every topic's, for a profile of no one topic).
  const here = <T extends { topicId: number }>(rows: T[]) => (topicId === undefined ? rows : rows.filter((r) => r.topicId === topicId));
  const struggling = inTopic.filter((c) => levelOfRow(c) === "struggling").map((c) => c.level);
  const suggested = suggestLevel(
    here(completed).map((c) => c.level),
    passRateOf(here(results)),
    lowest(struggling),
  );
  const lines = [
    `Level to write for: ${level ?? suggested}.`,
    `Chosen topics: ${chosen.length ? chosen.map((t) => t.title).join(", ") : "none yet"}.`,
    `Completed courses: ${completed.length ? completed.map((c) => `${c.title} (${c.level})`).join(", ") : "none yet"}.`,
    `Quiz results by topic: ${
      results.length ? results.map((r) => `${r.topic}: ${r.passed}/${r.attempts} quizzes passed, ${r.score}/${r.total} answers right`).join("; ") : "no quizzes taken yet"
    }.`,
  ];
  if (inTopic.length) {
    lines.push(
      `Weakest concepts in this topic (teach these first, from their basics, with fresh examples): ${inTopic
        .map((c) => `${c.concept} (${c.course}, mastery ${Math.round(masteryOf(c.rating) * 100)}%)`)
        .join("; ")}.`,
    );
  }
  if (missed.length) {
    lines.push(`Recently missed (explain these ideas again, with fresh examples): ${missed.map((m) => m.concept || m.question).join("; ")}.`);
  }
  return { level: level ?? suggested, text: lines.join("\n") };
}

const passRateOf = (results: { attempts: number; passed: number }[]): number | null => {
  const attempts = results.reduce((n, r) => n + r.attempts, 0);
  return attempts ? results.reduce((n, r) => n + r.passed, 0) / attempts : null;
};

const lowest = (levels: CourseLevel[]): CourseLevel | null => (levels.length ? levels.reduce((a, b) => (RANK[b] < RANK[a] ? b : a)) : null);

/**
 * The level a learner's request defaults to, per topic they have a record in (a topic missing from
 * the map: Beginner): suggestLevel over that topic's completed courses, quiz results and
 * struggling concepts only, the same reading as learnerProfile's.
 */
export async function suggestedLevels(db: DatabaseOrTransaction, userId: number): Promise<Map<number, CourseLevel>> {
  // One after the other: `db` may be the request's transaction (lib/authoring/course-requests/ask.ts).
  const completed = await db
    .select({ topicId: courses.topicId, level: courses.level })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), isNotNull(enrollments.completedAt)));
  const results = await db
    .select({ topicId: courses.topicId, attempts: sql<number>`count(*)::int`, passed: sql<number>`count(*) filter (where ${quizAttempts.passed})::int` })
    .from(quizAttempts)
    .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
    .where(eq(quizAttempts.userId, userId))
    .groupBy(courses.topicId);
  const mastery = await db
    .select({ topicId: courses.topicId, level: courses.level, rating: conceptMastery.rating, answers: conceptMastery.answers, lastCorrect: conceptMastery.lastCorrect })
    .from(conceptMastery)
    .innerJoin(courses, eq(courses.id, conceptMastery.courseId))
    .where(eq(conceptMastery.userId, userId));
  const topicIds = new Set([...completed, ...results, ...mastery].map((r) => r.topicId));
  return new Map(
    [...topicIds].map((topicId) => [
      topicId,
      suggestLevel(
        completed.filter((c) => c.topicId === topicId).map((c) => c.level),
        passRateOf(results.filter((r) => r.topicId === topicId)),
        lowest(mastery.filter((m) => m.topicId === topicId && levelOfRow(m) === "struggling").map((m) => m.level)),
      ),
    ]),
  );
}
