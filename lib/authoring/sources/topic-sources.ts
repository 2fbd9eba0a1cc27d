import "server-only";
import { eq } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { topics } from "../../../db/schema";
import { AppError } from "../../platform/http/app-error";
import type { SourceView } from "./responses";
import { listTopicSources } from "./source-list";

/** The admin's Sources page of a topic (docs/sources.md, "What admins see"): the topic's title and its sources, newest first. */
export async function getTopicSourcesPage(db: DatabaseOrTransaction, topicId: number): Promise<{ topic: { id: number; title: string }; sources: SourceView[] }> {
  const [topic] = await db.select({ id: topics.id, title: topics.title }).from(topics).where(eq(topics.id, topicId));
  if (!topic) throw new AppError("not_found", "No such topic.");
  return { topic, sources: await listTopicSources(db, topicId) };
}
