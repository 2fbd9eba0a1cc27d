import { getDb } from "../../db/client";
import { courses, courseSections, courseSubsections, enrollments, quizQuestions, topics } from "../../db/schema";
import { quickAccount } from "./world";

/*
 * A small course of its own for the reports tests (the reports queue is global, so these tests do
 * not share targets with other worlds): two sections of one lesson and two items each, written
 * for `requestedBy` when given (a personal course), and the learners enrolled in it.
 */

let counter = 0;

export type ReportsCourse = { courseId: number; questions: [number, number]; lockedQuestion: number; key: string };

export async function reportsCourse(opts: { requestedBy?: number; enrol?: number[] } = {}): Promise<ReportsCourse> {
  const db = getDb();
  const name = `Reports ${process.pid}-${Date.now()}-${++counter}`;
  const [topic] = await db.insert(topics).values({ title: name, description: "For the reports tests." }).returning({ id: topics.id });
  const [course] = await db
    .insert(courses)
    .values({ topicId: topic!.id, title: name, description: "A course.", level: "Beginner", generationStatus: "done", isDetailCreatedByAi: true, requestedBy: opts.requestedBy ?? null })
    .returning({ id: courses.id });
  const sections = await db
    .insert(courseSections)
    .values([0, 1].map((position) => ({ courseId: course!.id, position, title: `Section ${position + 1}` })))
    .returning({ id: courseSections.id });
  await db.insert(courseSubsections).values(sections.map((s, i) => ({ sectionId: s.id, position: 0, title: `Lesson ${i + 1}`, content: "A variable names a value." })));
  const key = "A named value";
  const questions = await db
    .insert(quizQuestions)
    .values(
      sections.flatMap((s) =>
        [0, 1].map((position) => ({ sectionId: s.id, position, question: `What is a variable? (${position})`, options: [key, "A loop", "A file"], correctAnswer: key, explanation: "It names a value." })),
      ),
    )
    .returning({ id: quizQuestions.id });
  if (opts.enrol?.length) await db.insert(enrollments).values(opts.enrol.map((userId) => ({ userId, courseId: course!.id })));
  return { courseId: course!.id, questions: [questions[0]!.id, questions[1]!.id], lockedQuestion: questions[2]!.id, key };
}

export { quickAccount };
