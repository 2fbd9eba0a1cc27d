import { getDb } from "../../db/client";
import { courses, courseSections, courseSubsections, enrollments, quizDrawItems, quizDraws, quizQuestions, topics } from "../../db/schema";
import { call } from "../harness/http";
import { quickAccount } from "./world";

/*
 * A small course of its own for the reports tests (the reports queue is global, so these tests do
 * not share targets with other worlds): two sections of one lesson and two items each (section 1
 * has `extraItems` more, so that its pool holds items an attempt does not draw), written for
 * `requestedBy` when given (a personal course), and the learners enrolled in it; with `quizOpen`,
 * each of them has section 1's quiz open with its first two items drawn (what a learner may report).
 */

let counter = 0;

export type ReportsCourse = { courseId: number; questions: [number, number]; lockedQuestion: number; key: string; pool: number[] };

export async function reportsCourse(opts: { requestedBy?: number; enrol?: number[]; extraItems?: number; quizOpen?: boolean } = {}): Promise<ReportsCourse> {
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
  const extra = opts.extraItems
    ? await db
        .insert(quizQuestions)
        .values(Array.from({ length: opts.extraItems }, (_, i) => ({ sectionId: sections[0]!.id, position: 2 + i, question: `Pool item ${i + 1} of ${name}: what does a loop do?`, options: ["Repeats", "Names", "Stops"], correctAnswer: "Repeats" })))
        .returning({ id: quizQuestions.id })
    : [];
  if (opts.enrol?.length) await db.insert(enrollments).values(opts.enrol.map((userId) => ({ userId, courseId: course!.id })));
  if (opts.quizOpen && opts.enrol?.length) {
    const draws = await db.insert(quizDraws).values(opts.enrol.map((userId) => ({ userId, courseId: course!.id, sectionIndex: 0, countsTowardPass: true }))).returning({ id: quizDraws.id });
    await db.insert(quizDrawItems).values(draws.flatMap((d) => [0, 1].map((position) => ({ drawId: d.id, position, questionId: questions[position]!.id, options: [key, "A loop", "A file"] }))));
  }
  return { courseId: course!.id, questions: [questions[0]!.id, questions[1]!.id], lockedQuestion: questions[2]!.id, key, pool: [questions[0]!.id, questions[1]!.id, ...extra.map((q) => q.id)] };
}

/** The learner opens a section's quiz (its attempt is drawn): the items it shows them, by id. */
export async function openQuiz(token: string, courseId: number, sectionIndex = 0): Promise<number[]> {
  const res = await call("GET /courses/:id/sections/:sectionIndex/quiz-attempt", { token, params: { id: String(courseId), sectionIndex: String(sectionIndex) } });
  if (res.status !== 200) throw new Error(`The quiz did not open: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.items as { question_id: number }[]).map((i) => i.question_id);
}

export { quickAccount };
