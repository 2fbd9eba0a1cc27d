import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { preparedQuery, type DatabaseOrTransaction } from "../../../db/client";
import { enrollments } from "../../../db/schema";
import { loadCourseContent, loadLearnerState, usableCourse, acceptedProgress, earnedProgress, isUnlocked, isValidPosition, nextOpenablePosition, unitIndex, type Position } from "../../catalogue";
import { AppError } from "../../platform/http/app-error";
import { NOT_ENROLLED } from "./enrollment";
import type { ProgressResponse } from "./responses";

// The hottest write of the app (the reader's Next): parsed and planned once per connection.
const saveProgress = preparedQuery((db) =>
  db
    .update(enrollments)
    .set({
      progress: sql`GREATEST(${enrollments.progress}, ${sql.placeholder("progress")})`,
      furthestUnit: sql`GREATEST(${enrollments.furthestUnit}, ${sql.placeholder("furthestUnit")})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(enrollments.userId, sql.placeholder("userId")), eq(enrollments.courseId, sql.placeholder("courseId"))))
    .returning({ progress: enrollments.progress, furthestUnit: enrollments.furthestUnit })
    .prepare("save_progress"),
);

/**
 * PUT /courses/update_progress. Progress never goes down (409), never exceeds what the reading
 * and quizzes behind it earned (409: no jump to 99 after enrolling), stays below 100 until every
 * quiz is passed, and an optional reader position may open at most the next subsection. A save
 * that claims a rise without naming a position (the original reader's call: course, user and
 * progress only) counts as one Next step from where the learner stands, so it can save what
 * reading earned and nothing more (docs/product-rules.md, "Enrolment, reading and unlocking").
 * The write is a single guarded UPDATE, so concurrent saves cannot lose the higher value.
 */
export async function updateProgress(
  db: DatabaseOrTransaction,
  userId: number,
  courseId: number,
  requested: number,
  position?: Position,
): Promise<ProgressResponse> {
  const [{ course, shape }, state] = await Promise.all([loadCourseContent(db, courseId), loadLearnerState(db, userId, courseId)]);
  // Reading moves only in a course learners are served (docs/product-rules.md, "Review and publication").
  usableCourse({ id: userId, role: "user" }, course, state.enrolled);
  if (!state.enrolled) throw new AppError("conflict", NOT_ENROLLED);
  if (requested < state.progress) throw new AppError("conflict", `Progress cannot go down (it is ${state.progress}).`);

  let furthestUnit = state.furthestUnit;
  const passed = (s: number) => state.passedSections.has(s);
  if (!position && requested > state.progress) position = nextOpenablePosition(shape, state.progress, state.furthestUnit, passed) ?? undefined;
  if (position) {
    if (!isValidPosition(shape, position)) throw new AppError("invalid", "That subsection does not exist in this course.");
    // Next may open one subsection beyond what is unlocked already.
    if (!isUnlocked(shape, position, state.progress, state.furthestUnit, passed, 1)) {
      throw new AppError("conflict", "That part of the course is still locked.");
    }
    furthestUnit = Math.max(furthestUnit, unitIndex(shape, position));
  }

  // Progress saved before this rule (or by a quiz pass) may already stand higher: it is kept.
  const earned = Math.max(state.progress, earnedProgress(shape, furthestUnit, state.passedSections.size));
  if (requested > earned) throw new AppError("conflict", `Progress rises as you read and pass quizzes: at most ${earned}% so far.`);
  const allPassed = shape.length > 0 && state.passedSections.size >= shape.length;
  const progress = acceptedProgress(state.progress, requested, allPassed);

  const [row] = await saveProgress(db).execute({ userId, courseId, progress, furthestUnit });
  if (!row) throw new AppError("conflict", NOT_ENROLLED);
  return { course_id: courseId, course_progress: row.progress, furthest_unit: row.furthestUnit };
}
