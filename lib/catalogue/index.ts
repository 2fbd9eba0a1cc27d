/*
 * The public face of lib/catalogue/ (topics and courses as published: their shape, visibility and
 * publication state): what the areas above it (practice, tutor, authoring and operations) may
 * import from it, and nothing more (docs/architecture.md, "The areas of lib/"). Inside the area
 * files import each other directly; api/, app/, worker/ and scripts/ may import any file.
 */

export { acceptedProgress, capProgress, type CourseShape, earnedProgress, firstQuizToPassBefore, isUnlocked, isValidPosition, MAX_PROGRESS, nextOpenablePosition, type Position, progressAfterQuizPass, totalUnits, unitIndex } from "./course-shape/progress";
export { type LearnerProgress, minutesLeft, resumePosition } from "./course-shape/reader-navigation";
export { CATALOGUE_VERSION_SQL, perCatalogueVersion } from "./courses/catalogue-version";
export { type LearnerState, loadCourseContent, loadLearnerState, touchCourse } from "./courses/course-content";
export { formatLearningTime, plannedCourseMinutes, QUIZ_MINUTES } from "./courses/duration";
export { citedPassage, type CitedPassage, type CompletedCourse, type CourseSummary, percent } from "./courses/responses";
export { courseSummaryColumns, toCourseSummary } from "./courses/serialize";
export { storeCourseDuration } from "./courses/store-duration";
export { assertCanSeeCourse, assertCanSeeCourseById, COURSE_NOT_FOUND, type Viewer } from "./courses/visibility";
export { usableCourse } from "./publication/learner-course";
export { initialPublication, reviewRequiredForCourse, revisionWaitsForReview } from "./publication/review-rules";
export { courseListed, courseServed, IN_REVIEW, isServed, itemServed, itemServedAs, sectionServed } from "./publication/served";
export { existingTopicIds } from "./topics/list-topics";
export type { TopicBrief } from "./topics/responses";
export { enqueueTopicCourses, type TopicCoursesPayload, topicCoursesRequest } from "./topics/topic-courses-request";
