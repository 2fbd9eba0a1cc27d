import "server-only";
import type { DatabaseOrTransaction } from "../../../db/client";
import { getCourseGeneration } from "./status";
import type { CourseGeneration } from "./responses";
import { assertCanSeeCourseById, type Viewer } from "../../catalogue";

/** What a learner is told about a failed course: the reader's own words, never the model server's text. */
export const GENERATION_FAILED = "Generation failed; an administrator has been notified.";

/**
 * A course's generation status as this viewer may see it. The failure reason is the model
 * server's raw text (its URLs, fragments of keys): it is for admins, who decide on a retry;
 * learners get GENERATION_FAILED instead.
 */
export function generationFor(viewer: NonNullable<Viewer>, generation: CourseGeneration): CourseGeneration {
  if (viewer.role === "admin" || generation.error === null) return generation;
  return { ...generation, error: GENERATION_FAILED };
}

/** GET /courses/{id}/generation for this viewer: someone else's personal course is a 404. */
export async function courseGenerationFor(db: DatabaseOrTransaction, viewer: NonNullable<Viewer>, courseId: number): Promise<CourseGeneration> {
  await assertCanSeeCourseById(db, viewer, courseId);
  return generationFor(viewer, await getCourseGeneration(db, courseId));
}
