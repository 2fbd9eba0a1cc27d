import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import {
  conceptMastery,
  courses,
  courseSections,
  courseSubsections,
  enrollments,
  lessonReads,
  quizAnswers,
  quizAttempts,
  quizQuestions,
  reviewCards,
  topics,
  tutorConversations,
} from "../../db/schema";
import { scheduleAnswer } from "../../lib/practice/review/scheduler";
import { call } from "../harness/http";
import { pollUntil } from "../harness/poll";
import { quickAccount } from "./world";

/*
 * A published course for the review screen's tests (docs/product-rules.md, "Review and editing"):
 * two sections of three lessons and four quiz items (two items of section 1 share the concept
 * "loops"), and a learner part-way through it: enrolled, reader on section 2's first lesson,
 * every lesson read so far, section 1's quiz passed, two review cards, a mastery row and a tutor
 * conversation, all stored by position or id as the app stores them.
 */

let counter = 0;

export const LESSON = (s: number, l: number) => `Lesson ${s + 1}.${l + 1} explains one idea with an example.\n\n\`\`\`python\nprint(${s}${l})\n\`\`\``;

export async function reviewCourse() {
  const db = getDb();
  const name = `Review ${process.pid}-${Date.now()}-${++counter}`;
  const [topic] = await db.insert(topics).values({ title: name, description: "For the review tests." }).returning({ id: topics.id });
  const [course] = await db.insert(courses).values({ topicId: topic!.id, title: name, level: "Beginner", generationStatus: "done", isDetailCreatedByAi: true }).returning({ id: courses.id });
  const courseId = course!.id;
  const sections = await db.insert(courseSections).values([0, 1].map((position) => ({ courseId, position, title: `Section ${position + 1}` }))).returning({ id: courseSections.id });
  const lessons = await db
    .insert(courseSubsections)
    .values(sections.flatMap((s, si) => [0, 1, 2].map((position) => ({ sectionId: s.id, position, title: `Lesson ${si + 1}.${position + 1}`, content: LESSON(si, position) }))))
    .returning({ id: courseSubsections.id });
  const concepts = [
    ["loops", "loops", "names", "values"],
    ["functions", "functions", "calls", "returns"],
  ];
  const questions = await db
    .insert(quizQuestions)
    .values(
      sections.flatMap((s, si) =>
        concepts[si]!.map((concept, position) => ({
          sectionId: s.id,
          position,
          question: `Section ${si + 1} question ${position + 1}: which statement about ${concept} is true?`,
          options: [`True about ${concept} ${si}${position}`, `False A ${si}${position}`, `False B ${si}${position}`, `False C ${si}${position}`],
          correctAnswer: `True about ${concept} ${si}${position}`,
          hint: "Think about what it does.",
          concept,
          subsectionIndex: position % 3,
          explanation: "Because that is what it does.",
        })),
      ),
    )
    .returning({ id: quizQuestions.id });

  const learner = await quickAccount();
  const userId = learner.id;
  await db.insert(enrollments).values({ userId, courseId, progress: 40, furthestUnit: 4 });
  await db.insert(lessonReads).values(
    [
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
    ].map(([sectionIndex, subsectionIndex]) => ({ userId, courseId, sectionIndex: sectionIndex!, subsectionIndex: subsectionIndex! })),
  );
  const [attempt] = await db.insert(quizAttempts).values({ userId, courseId, sectionIndex: 0, score: 2, total: 2, passed: true }).returning({ id: quizAttempts.id });
  await db.insert(quizAnswers).values([0, 1].map((i) => ({ attemptId: attempt!.id, questionId: questions[i]!.id, chosenOption: `True about loops 0${i}`, isCorrect: true })));
  const card = scheduleAnswer(null, true, new Date(), "quiz");
  await db.insert(reviewCards).values([0, 2].map((i) => ({ userId, questionId: questions[i]!.id, ...card, firstCorrect: true })));
  await db.insert(conceptMastery).values({ userId, courseId, conceptKey: "loops", concept: "loops", sectionIndex: 0, subsectionIndex: 1, rating: 0.5, answers: 2, correctAnswers: 2, lastAnsweredAt: new Date() });
  await db.insert(tutorConversations).values({ userId, courseId, sectionIndex: 1, subsectionIndex: 0, title: "About lesson 2.1" });

  return { courseId, sectionIds: sections.map((s) => s.id), lessons: lessons.map((l) => l.id), questions: questions.map((q) => q.id), learner };
}

/** Everything a learner holds on a course, as stored: what editing must keep. */
export async function learnerState(userId: number, courseId: number) {
  const db = getDb();
  const [enrolment, reads, attempts, answers, cards, mastery, conversations] = await Promise.all([
    db.select({ progress: enrollments.progress, furthestUnit: enrollments.furthestUnit }).from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))),
    db
      .select({ s: lessonReads.sectionIndex, l: lessonReads.subsectionIndex })
      .from(lessonReads)
      .where(and(eq(lessonReads.userId, userId), eq(lessonReads.courseId, courseId)))
      .orderBy(asc(lessonReads.sectionIndex), asc(lessonReads.subsectionIndex)),
    db.select({ id: quizAttempts.id, passed: quizAttempts.passed, s: quizAttempts.sectionIndex }).from(quizAttempts).where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId))),
    db.execute(sql`SELECT a.question_id, a.is_correct FROM quiz_answers a JOIN quiz_attempts t ON t.id = a.attempt_id WHERE t.user_id = ${userId} AND t.course_id = ${courseId} ORDER BY a.question_id`),
    db.select({ id: reviewCards.id, questionId: reviewCards.questionId, due: reviewCards.due, reps: reviewCards.reps }).from(reviewCards).where(eq(reviewCards.userId, userId)).orderBy(asc(reviewCards.id)),
    db.select({ key: conceptMastery.conceptKey, s: conceptMastery.sectionIndex, l: conceptMastery.subsectionIndex, rating: conceptMastery.rating }).from(conceptMastery).where(and(eq(conceptMastery.userId, userId), eq(conceptMastery.courseId, courseId))),
    db.select({ s: tutorConversations.sectionIndex, l: tutorConversations.subsectionIndex }).from(tutorConversations).where(and(eq(tutorConversations.userId, userId), eq(tutorConversations.courseId, courseId))),
  ]);
  return { enrolment: enrolment[0], reads, attempts, answers: answers.rows, cards, mastery, conversations };
}

export type WrittenRegeneration = { id: number; status: string; error: string | null; replacement_id: number | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

/** Polls the course's regenerations (as the admin with `token`) until this one is no longer pending. */
export async function regenerationWritten(token: string, courseId: number, regenerationId: number): Promise<WrittenRegeneration> {
  const list = await pollUntil(
    "the regeneration to be written",
    async () => (await call("GET /courses/:id/regenerations", { token, params: { id: String(courseId) } })).body.regenerations as WrittenRegeneration[],
    (rows) => rows.some((r) => r.id === regenerationId && r.status !== "pending"),
    30_000,
  );
  return list.find((r) => r.id === regenerationId)!;
}
