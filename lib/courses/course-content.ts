import "server-only";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, courseSections, courseSubsections, enrollments, quizAttempts } from "../../db/schema";
import { AppError } from "../http/app-error";
import type { CourseShape } from "../learning/progress";

/** A course with its sections and subsections in order (one query). */
export async function loadCourseContent(courseId: number) {
  const course = await getDb().query.courses.findFirst({
    where: eq(courses.id, courseId),
    with: {
      sections: {
        orderBy: (s, { asc }) => asc(s.position),
        columns: { id: true, position: true, title: true },
        with: { subsections: { orderBy: (s, { asc }) => asc(s.position), columns: { title: true, content: true } } },
      },
    },
  });
  if (!course) throw new AppError("not_found", "Course not found.");
  const shape: CourseShape = course.sections.map((s) => s.subsections.length);
  return { course, shape };
}

/**
 * Only the subsection count of each section, in order: what the progress and quiz rules need.
 * The writes learners make most (saving progress, finishing a quiz) use this instead of
 * loadCourseContent, which carries every subsection's markdown.
 */
export async function loadCourseShape(courseId: number): Promise<CourseShape> {
  const rows = await getDb()
    .select({ sectionId: courseSections.id, subsections: count(courseSubsections.id) })
    .from(courses)
    .leftJoin(courseSections, eq(courseSections.courseId, courses.id))
    .leftJoin(courseSubsections, eq(courseSubsections.sectionId, courseSections.id))
    .where(eq(courses.id, courseId))
    .groupBy(courseSections.id, courseSections.position)
    .orderBy(asc(courseSections.position));
  if (!rows.length) throw new AppError("not_found", "Course not found.");
  return rows.filter((r) => r.sectionId !== null).map((r) => r.subsections);
}

export type LearnerState = {
  enrolled: boolean;
  progress: number;
  furthestUnit: number;
  passedSections: Set<number>;
  failedSections: Set<number>;
};

/** The learner's enrolment and quiz record for one course. */
export async function loadLearnerState(userId: number, courseId: number): Promise<LearnerState> {
  const db = getDb();
  const [[enrollment], attempts] = await Promise.all([
    db
      .select({ progress: enrollments.progress, furthestUnit: enrollments.furthestUnit })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))),
    db
      .select({ sectionIndex: quizAttempts.sectionIndex, passed: sql<boolean>`bool_or(${quizAttempts.passed})` })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId)))
      .groupBy(quizAttempts.sectionIndex),
  ]);
  return {
    enrolled: Boolean(enrollment),
    progress: enrollment?.progress ?? 0,
    furthestUnit: enrollment?.furthestUnit ?? 0,
    passedSections: new Set(attempts.filter((a) => a.passed).map((a) => a.sectionIndex)),
    failedSections: new Set(attempts.filter((a) => !a.passed).map((a) => a.sectionIndex)),
  };
}
