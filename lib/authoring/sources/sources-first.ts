import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DatabaseOrTransaction, Transaction } from "../../../db/client";
import { topics } from "../../../db/schema";
import { topicCourseCount } from "../generation/commands";
import { enqueueTopicCourses } from "../../catalogue";
import { generateTopicCoursesJob } from "../generation/jobs/generate-topic-courses";
import { AppError } from "../../platform/http/app-error";
import { jobTableExists } from "../../platform/jobs/job-table";
import { topicReading } from "./topic-reading";

/**
 * Called in the transaction that ends the reading of a topic's source (ready or failed), after
 * its status is written: once none of the topic's sources is still queued or being read, a topic
 * without courses gets its proposals, written from its ready sources (docs/sources.md,
 * "Generation from sources"). That covers a topic created sources first and a topic whose
 * proposals waited for a source uploaded right after its creation. A topic created sources first
 * whose sources all failed waits for another file or "Write the courses now".
 *
 * The topic's row is locked first, so two sources ending at once are decided one after the other
 * (the second sees the first's status).
 */
export async function afterTopicSourceRead(tx: Transaction, topicId: number, sourceId: number): Promise<void> {
  const [topic] = await tx.select({ sourcesFirst: topics.sourcesFirst }).from(topics).where(eq(topics.id, topicId)).for("no key update");
  if (!topic || (await topicCourseCount(tx, topicId)) > 0) return;
  const { reading, ready } = await topicReading(tx, topicId);
  if (reading > 0 || (ready === 0 && topic.sourcesFirst)) return;
  await enqueueTopicCourses(tx, topicId, { afterSourceId: sourceId });
}

/** Where a topic's courses stand, for its Sources page: created sources first, how many courses, and whether its proposals are queued or being written. */
export type TopicCoursesStart = { sources_first: boolean; courses: number; proposals: boolean };

export async function getTopicCoursesStart(db: DatabaseOrTransaction, topicId: number): Promise<TopicCoursesStart> {
  const [[topic], courses, jobTable] = await Promise.all([
    db.select({ sourcesFirst: topics.sourcesFirst }).from(topics).where(eq(topics.id, topicId)),
    topicCourseCount(db, topicId),
    jobTableExists(db),
  ]);
  if (!topic) throw new AppError("not_found", "No such topic.");
  const jobs = jobTable
    ? await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = ${generateTopicCoursesJob.name} AND state IN ('created', 'retry', 'active')
          AND (data->>'topicId')::int = ${topicId} AND data->>'userId' IS NULL
      `)
    : { rows: [] };
  return { sources_first: topic.sourcesFirst, courses, proposals: (jobs.rows[0]?.n ?? 0) > 0 };
}
