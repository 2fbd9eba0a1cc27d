import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { sources } from "../../../db/schema";

/*
 * Where a topic's sources stand, for when its courses may be proposed (docs/sources.md,
 * "Generation from sources"): a topic's own courses wait while one of its sources is still queued
 * or being read, so they are written from it.
 */

export type TopicReading = { reading: number; ready: number };

/** How many of a topic's sources are still queued or extracting, and how many are ready. */
export async function topicReading(db: DatabaseOrTransaction, topicId: number): Promise<TopicReading> {
  const [row] = await db
    .select({
      reading: sql<number>`count(*) FILTER (WHERE ${sources.status} IN ('queued', 'extracting'))::int`,
      ready: sql<number>`count(*) FILTER (WHERE ${sources.status} = 'ready')::int`,
    })
    .from(sources)
    .where(eq(sources.topicId, topicId));
  return { reading: row?.reading ?? 0, ready: row?.ready ?? 0 };
}

export const STILL_READING = "A source of this topic is still being read: its courses are written once it is ready.";
