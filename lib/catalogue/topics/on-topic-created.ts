import "server-only";
import type { Transaction } from "../../../db/client";
import { enqueueTopicCourses } from "./topic-courses-request";

/** A transaction handle, as `db.transaction(async (tx) => ...)` gives it. */

/**
 * The single hook createTopic calls inside its transaction, right after the topic row is written:
 * it queues the topic's course proposals (generate-topic-courses) on the same transaction, so the
 * topic and its generation job commit or roll back together.
 */
export async function onTopicCreated(tx: Transaction, topicId: number): Promise<void> {
  await enqueueTopicCourses(tx, topicId);
}
