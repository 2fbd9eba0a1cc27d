import type { Course } from "../../db/schema";

/** A course as lists show it (the API's course list item), plus what cards show. */
export type CourseSummary = {
  id: number;
  topic_id: number;
  course_title: string;
  course_description: string;
  course_level: Course["level"];
  duration: number;
  is_detail_created_by_ai: boolean;
  generation_status: Course["generationStatus"];
  course_progress: number;
};

type CourseRow = Pick<
  Course,
  "id" | "topicId" | "title" | "description" | "level" | "durationHours" | "isDetailCreatedByAi" | "generationStatus"
>;

export function toCourseSummary(course: CourseRow, progress = 0): CourseSummary {
  return {
    id: course.id,
    topic_id: course.topicId,
    course_title: course.title,
    course_description: course.description,
    course_level: course.level,
    duration: course.durationHours,
    is_detail_created_by_ai: course.isDetailCreatedByAi,
    generation_status: course.generationStatus,
    course_progress: progress,
  };
}

/** The columns toCourseSummary needs, for select() calls. */
export const courseSummaryColumns = {
  id: true,
  topicId: true,
  title: true,
  description: true,
  level: true,
  durationHours: true,
  isDetailCreatedByAi: true,
  generationStatus: true,
} as const;
