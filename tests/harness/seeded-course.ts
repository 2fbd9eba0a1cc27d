import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses } from "../../db/schema";
import { loadCourseContent } from "../../lib/catalogue/courses/course-content";

/** A seeded course by title, with its shape (subsections per section, in order), for tests of reading and progress. */
export async function seededCourse(title = "Python Basics"): Promise<{ courseId: number; shape: number[] }> {
  const [course] = await getDb().select({ id: courses.id }).from(courses).where(eq(courses.title, title));
  if (!course) throw new Error(`no seeded course titled ${title}`);
  return { courseId: course.id, shape: [...(await loadCourseContent(getDb(), course.id)).shape] };
}
