import type { Course } from "../../../db/schema";
import type { CourseSummary } from "./responses";
import { durationHours } from "./duration";

type CourseRow = Pick<
  Course,
  "id" | "topicId" | "title" | "description" | "level" | "durationMinutes" | "isDetailCreatedByAi" | "generationStatus"
> &
  Partial<Pick<Course, "publication">>;

/** A course as lists show it (the API's course list item), plus what cards show. */
export function toCourseSummary(course: CourseRow, progress = 0): CourseSummary {
  return {
    id: course.id,
    topic_id: course.topicId,
    course_title: course.title,
    course_description: course.description,
    course_level: course.level,
    duration: durationHours(course.durationMinutes),
    duration_minutes: course.durationMinutes,
    is_detail_created_by_ai: course.isDetailCreatedByAi,
    generation_status: course.generationStatus,
    course_progress: progress,
    // Only a learner's own lists and the course itself still show a paused course (lib/catalogue/publication/served.ts).
    ...(course.publication === "paused" ? { paused: true as const } : {}),
  };
}

/** The columns toCourseSummary needs, for select() calls. */
export const courseSummaryColumns = {
  id: true,
  topicId: true,
  title: true,
  description: true,
  level: true,
  durationMinutes: true,
  isDetailCreatedByAi: true,
  generationStatus: true,
} as const;
