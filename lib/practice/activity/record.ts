import "server-only";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../../db/client";
import { logger } from "../../platform/log/logger";

/*
 * One statement, one round trip on the reader's path: the quarter hour of learning (the streak,
 * time spent) and the lesson's first reading (the daily goal's lessons, lib/practice/reminders/settings.ts).
 * Activity is kept at the quarter hour (see learning_activity).
 */
const RECORD_READING = fixedStatement(
  "record_reading",
  `WITH activity AS (
     INSERT INTO learning_activity (user_id, course_id, at)
     VALUES ($1, $2, date_bin('15 minutes', now(), timestamptz '2000-01-01T00:00:00Z')) ON CONFLICT DO NOTHING
   )
   INSERT INTO lesson_reads (user_id, course_id, section_index, subsection_index) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
);

/**
 * Notes that the learner is reading this lesson of this course now (the reader showed them a
 * subsection). One activity row per quarter hour however often they move on, one read per lesson
 * ever; a failure here never stops the reading.
 */
export async function recordReading(db: DatabaseOrTransaction, userId: number, courseId: number, lesson: { sectionIndex: number; subsectionIndex: number }): Promise<void> {
  try {
    await runFixed(db, RECORD_READING, [userId, courseId, lesson.sectionIndex, lesson.subsectionIndex]);
  } catch (error) {
    logger().error({ err: error, user_id: userId, course_id: courseId }, "could not record reading");
  }
}
