import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses } from "../../db/schema";
import { getCourseGeneration, type CourseGeneration } from "../generation/service";
import { AppError } from "../http/app-error";
import { assertCanSeeCourse, COURSE_NOT_FOUND, type Viewer } from "./visibility";

/** GET /courses/{id}/generation for this viewer: someone else's personal course is a 404. */
export async function courseGenerationFor(viewer: NonNullable<Viewer>, courseId: number): Promise<CourseGeneration> {
  const [course] = await getDb().select({ requestedBy: courses.requestedBy }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", COURSE_NOT_FOUND);
  assertCanSeeCourse(viewer, course.requestedBy);
  return getCourseGeneration(courseId);
}
