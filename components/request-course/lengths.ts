import type { CourseLength } from "@/db/schema";
import { formatLearningTime, plannedCourseMinutes } from "@/lib/catalogue/courses/duration";
import { COURSE_LENGTHS } from "@/lib/authoring/generation/plan";

/* The lengths a learner may ask for, in words: sections and lessons, and minutes (lib/catalogue/courses/duration.ts). */

export const LENGTH_LABELS: Record<CourseLength, string> = { short: "Short", standard: "Standard", long: "Long" };

export const LENGTH_OPTIONS = (Object.keys(COURSE_LENGTHS) as CourseLength[]).map((length) => {
  const { sections, lessons } = COURSE_LENGTHS[length];
  return { length, label: LENGTH_LABELS[length], hint: `${sections} sections of ${lessons} lessons, about ${formatLearningTime(plannedCourseMinutes(COURSE_LENGTHS[length]))}` };
});
