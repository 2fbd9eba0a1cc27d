import "server-only";
import { cache } from "react";
import type { Caller } from "@/lib/auth/caller";
import { getCourseForLearner } from "@/lib/courses/get-course";
import { AppError } from "@/lib/http/app-error";
import { logger } from "@/lib/log/logger";
import type { CourseDetail } from "@/lib/validation/responses/learning";

export type LoadedCourse = { kind: "none" } | { kind: "ok"; course: CourseDetail } | { kind: "not_found" } | { kind: "error" };

/** A course for the reader or the course overview; shared by generateMetadata and the page: one load per request. */
export const loadCourse = cache(async (caller: Caller, courseId: number | null): Promise<LoadedCourse> => {
  if (courseId === null) return { kind: "none" };
  try {
    return { kind: "ok", course: await getCourseForLearner(caller, courseId) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return { kind: "not_found" };
    logger().error({ err: error, course_id: courseId }, "course page: could not load the course");
    return { kind: "error" };
  }
});
