import "server-only";
import { asc, count, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { topics, userTopics } from "../../db/schema";
import { AppError } from "../http/app-error";
import { existingTopicIds } from "../topics/list-topics";
import type { Interests, TopicBrief, TopicPreferenceResponse } from "../validation/responses/learning";

export async function hasInterests(userId: number): Promise<Interests> {
  const [row] = await getDb().select({ n: count() }).from(userTopics).where(eq(userTopics.userId, userId));
  return { hasInterests: (row?.n ?? 0) > 0 };
}

/** Adds topics to the learner's interests (chosen topics stay chosen, as the picker shows them). */
export async function saveTopicPreferences(userId: number, topicIds: number[]): Promise<TopicPreferenceResponse> {
  const unique = [...new Set(topicIds)];
  const known = await existingTopicIds(unique);
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length) throw new AppError("not_found", `Unknown topic id: ${unknown.join(", ")}.`);
  const db = getDb();
  await db
    .insert(userTopics)
    .values(unique.map((topicId) => ({ userId, topicId })))
    .onConflictDoNothing();
  const rows = await db.select({ id: userTopics.topicId }).from(userTopics).where(eq(userTopics.userId, userId));
  return { message: "Your interests were saved.", topic_ids: rows.map((r) => r.id).sort((a, b) => a - b) };
}

export async function listSelectedTopics(userId: number): Promise<TopicBrief[]> {
  return getDb()
    .select({ id: topics.id, title: topics.title, description: topics.description })
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(eq(userTopics.userId, userId))
    .orderBy(asc(topics.title));
}
