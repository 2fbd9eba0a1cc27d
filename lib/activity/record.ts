import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { learningActivity } from "../../db/schema";
import { logger } from "../log/logger";

/** The quarter hour `at` falls in: activity is kept at that grain (see learning_activity). */
export const QUARTER_HOUR = sql`date_bin('15 minutes', now(), timestamptz '2000-01-01T00:00:00Z')`;

/**
 * Notes that the learner is reading this course now (the reader showed them a subsection). One
 * row per quarter hour however often they move on; a failure here never stops the reading.
 */
export async function recordReading(userId: number, courseId: number): Promise<void> {
  try {
    await getDb().insert(learningActivity).values({ userId, courseId, at: QUARTER_HOUR }).onConflictDoNothing();
  } catch (error) {
    logger().error({ err: error, user_id: userId, course_id: courseId }, "could not record reading");
  }
}
