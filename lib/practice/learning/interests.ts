import "server-only";
import { asc, count, eq } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { topics, userTopics } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import { existingTopicIds } from "../../catalogue";
import type { Interests, TopicPreferenceResponse } from "./responses";
import type { TopicBrief } from "../../catalogue";

export async function hasInterests(db: DatabaseOrTransaction, userId: number): Promise<Interests> {
  const [row] = await db.select({ n: count() }).from(userTopics).where(eq(userTopics.userId, userId));
  return { hasInterests: (row?.n ?? 0) > 0 };
}

/** Adds topics to the learner's interests (chosen topics stay chosen, as the picker shows them). */
export async function saveTopicPreferences(db: DatabaseOrTransaction, userId: number, topicIds: number[]): Promise<TopicPreferenceResponse> {
  const unique = [...new Set(topicIds)];
  const known = await existingTopicIds(db, unique);
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length) throw new AppError("not_found", `Unknown topic id: ${unknown.join(", ")}.`);
  await db
    .insert(userTopics)
    .values(unique.map((topicId) => ({ userId, topicId })))
    .onConflictDoNothing();
  const rows = await db.select({ id: userTopics.topicId }).from(userTopics).where(eq(userTopics.userId, userId));
  return { message: "Your interests were saved.", topic_ids: rows.map((r) => r.id).sort((a, b) => a - b) };
}

export async function listSelectedTopics(db: DatabaseOrTransaction, userId: number): Promise<TopicBrief[]> {
  return db
    .select({ id: topics.id, title: topics.title, description: topics.description })
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(eq(userTopics.userId, userId))
    .orderBy(asc(topics.title));
}
