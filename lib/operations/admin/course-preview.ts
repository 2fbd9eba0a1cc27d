import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courseSections, courseSubsections, courses, quizQuestions, topics } from "../../../db/schema";
import { adminGenerationState, type AdminGenerationState } from "../../authoring";
import { AppError } from "../../platform/http/app-error";
import { itemServed } from "../../catalogue";

/*
 * A course as an admin previews it from "View Courses" (/admin/courses/{id}; docs/product-rules.md,
 * Admin screens): read-only, every published section with its lessons and its whole quiz pool
 * (keys, hints and explanations included), whatever the course's generation state; no enrolment,
 * no progress written. Three reads, each by an index on the parent's id.
 */

export type CoursePreview = {
  id: number;
  title: string;
  description: string;
  level: "Beginner" | "Intermediate" | "Advanced";
  topic: { id: number; title: string };
  state: AdminGenerationState;
  error: string | null;
  sections: {
    index: number;
    title: string;
    subsections: { title: string; content: string }[];
    questions: { id: number; question: string; options: string[]; correct_answer: string; hint: string | null; explanation: string | null; concept: string | null }[];
  }[];
};

export async function getCoursePreview(db: DatabaseOrTransaction, id: number): Promise<CoursePreview> {
  const [row] = await db.select({ course: courses, topicTitle: topics.title }).from(courses).innerJoin(topics, eq(topics.id, courses.topicId)).where(eq(courses.id, id));
  if (!row) throw new AppError("not_found", "Course not found.");
  const sections = await db.select().from(courseSections).where(eq(courseSections.courseId, id)).orderBy(asc(courseSections.position));
  const sectionIds = sections.map((s) => s.id);
  const [subsections, questions] = sectionIds.length
    ? await Promise.all([
        db.select().from(courseSubsections).where(inArray(courseSubsections.sectionId, sectionIds)).orderBy(asc(courseSubsections.position)),
        // As learners meet it: retired items and variants waiting for review are on the review screen, not here.
        db.select().from(quizQuestions).where(and(inArray(quizQuestions.sectionId, sectionIds), itemServed)).orderBy(asc(quizQuestions.position)),
      ])
    : [[], []];
  const { course } = row;
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    level: course.level,
    topic: { id: course.topicId, title: row.topicTitle },
    state: adminGenerationState(course),
    error: course.generationError,
    sections: sections.map((section) => ({
      index: section.position,
      title: section.title,
      subsections: subsections.filter((s) => s.sectionId === section.id).map((s) => ({ title: s.title, content: s.content })),
      questions: questions
        .filter((q) => q.sectionId === section.id)
        .map((q) => ({ id: q.id, question: q.question, options: q.options, correct_answer: q.correctAnswer, hint: q.hint, explanation: q.explanation, concept: q.concept })),
    })),
  };
}
