import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courses } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { describeModelSetup } from "../../platform/llm/client";
import type { CourseGeneration, GenerationLabel } from "./responses";

/*
 * A course's generation as the reader and the admin screens see it: a label, the sections
 * planned and readable, the error and whether a model is configured at all.
 */

export function generationLabel(course: { isDetailCreatedByAi: boolean; generationStatus: string }): GenerationLabel {
  if (course.isDetailCreatedByAi || course.generationStatus === "done") return "Generated";
  return course.generationStatus === "failed" ? "Failed" : "Generating";
}

/**
 * Sections planned and sections readable per course: `total` from the outline while the course is
 * generated (its published sections once it is done), `done` the sections already in course_sections.
 */
export async function sectionProgress(db: DatabaseOrTransaction, courseIds: number[]): Promise<Map<number, { total: number; done: number }>> {
  if (!courseIds.length) return new Map();
  const rows = await db
    .select({
      id: courses.id,
      // Spelled out: drizzle would leave the outer column unqualified inside the subquery.
      planned: sql<number>`(select count(*)::int from generation_sections g where g.course_id = courses.id)`,
      published: sql<number>`(select count(*)::int from course_sections s where s.course_id = courses.id)`,
    })
    .from(courses)
    .where(inArray(courses.id, courseIds));
  return new Map(rows.map((r) => [r.id, { total: Math.max(r.planned, r.published), done: r.published }]));
}

/** GET /courses/{id}/generation: what the reader and admin screens poll while a course is generated. */
export async function getCourseGeneration(db: DatabaseOrTransaction, courseId: number): Promise<CourseGeneration> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", "Course not found.");
  const setup = describeModelSetup();
  const { total, done } = (await sectionProgress(db, [courseId])).get(courseId) ?? { total: 0, done: 0 };
  const waiting = !setup.model_configured && (course.generationStatus === "pending" || course.generationStatus === "running");
  return {
    course_id: course.id,
    status: generationLabel(course),
    generation_status: course.generationStatus,
    is_detail_created_by_ai: course.isDetailCreatedByAi,
    sections_total: total,
    sections_done: done,
    error: course.generationError,
    attempt: course.generationAttempt,
    model_configured: setup.model_configured,
    notice: waiting ? setup.notice : null,
  };
}
