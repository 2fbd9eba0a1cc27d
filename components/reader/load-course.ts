import "server-only";
import { getDb } from "@/db/client";
import { cache } from "react";
import type { Caller } from "@/lib/accounts/auth/caller";
import { getCourseForLearner } from "@/lib/catalogue/courses/get-course";
import { AppError } from "@/lib/platform/http/app-error";
import { logger } from "@/lib/platform/log/logger";
import type { CourseDetail } from "@/lib/catalogue/courses/responses";

export type LoadedCourse = { kind: "none" } | { kind: "ok"; course: CourseDetail } | { kind: "not_found" } | { kind: "error" };

/** A course for the reader or the course overview; shared by generateMetadata and the page: one load per request. */
export const loadCourse = cache(async (caller: Caller, courseId: number | null): Promise<LoadedCourse> => {
  if (courseId === null) return { kind: "none" };
  try {
    return { kind: "ok", course: await getCourseForLearner(getDb(), caller, courseId) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return { kind: "not_found" };
    logger().error({ err: error, course_id: courseId }, "course page: could not load the course");
    return { kind: "error" };
  }
});
