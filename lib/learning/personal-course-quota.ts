import "server-only";
import { getEnv } from "../env";
import { requestPersonalCourse } from "../generation/commands";
import { AppError } from "../http/app-error";
import { logger } from "../log/logger";
import { assertOwnReadySource } from "../sources/course-sources";
import { hitLimit, releaseHit, type Limit } from "../rate-limit";
import { COURSE_WRITING_OFF, courseWritingOn } from "./course-request";

/*
 * A course written for one learner costs model calls: each learner may ask for
 * PERSONAL_COURSES_PER_DAY of them in 24 hours (counted in PostgreSQL, so every app instance
 * shares the count). A request refused for another reason (not an interest, one still being
 * generated...) gives its place back. Without a model nothing could write the course: the request
 * is refused before it counts, rather than queued to wait for a model that may never come.
 */

const DAY_SECONDS = 24 * 60 * 60;

function quota(): Limit {
  return { name: "personal-course:user", max: getEnv().PERSONAL_COURSES_PER_DAY, windowSeconds: DAY_SECONDS };
}

/** "after 2025-06-01 14:05 UTC (in about 23 hours)": when a refused learner may ask again. */
function whenAgain(retryAfterSeconds: number): string {
  const at = new Date(Math.ceil((Date.now() + retryAfterSeconds * 1000) / 60_000) * 60_000);
  const hours = Math.round(retryAfterSeconds / 3600);
  const minutes = Math.max(1, Math.round(retryAfterSeconds / 60));
  const wait = hours >= 2 ? `${hours} hours` : minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `after ${at.toISOString().slice(0, 16).replace("T", " ")} UTC (in about ${wait})`;
}

/** POST /courses/generate within the caller's daily quota: 429 saying when it resets once it is used up. */
export async function requestPersonalCourseWithinQuota(userId: number, topicId: number, sourceId?: number): Promise<{ topic_id: number; detail: string }> {
  if (!courseWritingOn()) throw new AppError("conflict", COURSE_WRITING_OFF);
  // Someone else's source is a 404, one not yet read a 409: checked before the request counts.
  if (sourceId !== undefined) await assertOwnReadySource(userId, sourceId);
  const limit = quota();
  try {
    await hitLimit(limit, String(userId));
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "rate_limited") throw error;
    const retryAfterSeconds = error.extra.retryAfterSeconds ?? DAY_SECONDS;
    throw new AppError("rate_limited", `You can ask for ${limit.max} personal courses a day. You can ask again ${whenAgain(retryAfterSeconds)}.`, { retryAfterSeconds });
  }
  try {
    return await requestPersonalCourse(userId, topicId, sourceId);
  } catch (error) {
    await releaseHit(limit, String(userId)).catch((refundError: unknown) => logger().error({ err: refundError, user_id: userId }, "could not give back a personal-course quota place"));
    throw error;
  }
}
