import "server-only";
import { and, eq } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courseRequests, topics, type CourseLevel } from "../../../db/schema";
import { suggestedLevels } from "../generation/personalise";

/*
 * What the request form's level starts at, per subject as the learner types it (docs/product-rules.md,
 * "Course requests"): the level suggested by their record in that topic alone, for the catalogue
 * topics offered and the subjects of their own they asked for before. Keyed by the title in lower
 * case; a subject missing from the map starts at Beginner, as the server's own default does.
 */
export async function levelsBySubject(db: DatabaseOrTransaction, userId: number, offered: readonly { id: number; title: string }[]): Promise<Record<string, CourseLevel>> {
  const [levels, own] = await Promise.all([
    suggestedLevels(db, userId),
    db
      .selectDistinct({ id: topics.id, title: topics.title })
      .from(courseRequests)
      .innerJoin(topics, eq(topics.id, courseRequests.topicId))
      .where(and(eq(courseRequests.userId, userId), eq(topics.learnerSubject, true))),
  ]);
  const out: Record<string, CourseLevel> = {};
  for (const topic of [...offered, ...own]) {
    const level = levels.get(topic.id);
    if (level && level !== "Beginner") out[topic.title.toLowerCase()] = level;
  }
  return out;
}
