import "server-only";
import type { Database } from "../../../db/client";
import type { CourseSummary } from "../../catalogue";
import { levelIndex } from "./rank";
import { listRecommendationsRange } from "./recommend";

/** How far down the learner's recommendations "Up next" looks for the next level of the same topic. */
const LOOK_AHEAD = 12;

export type UpNext = { kind: "next_level" | "related"; course: CourseSummary };

/**
 * "Up next" on a finished course's completion screen (docs/product-rules.md, "Feedback: streak,
 * completion, certificates"): the next level of the same topic when the learner's recommendations
 * hold one (they rank the level after the one just finished first, lib/practice/recommendations/rank.ts),
 * else their best recommendation; null when there is nothing left to recommend.
 */
export async function upNextAfter(db: Database, userId: number, finished: Pick<CourseSummary, "topic_id" | "course_level">): Promise<UpNext | null> {
  const { items } = await listRecommendationsRange(db, userId, { offset: 0, limit: LOOK_AHEAD });
  const nextLevel = items.find((c) => c.topic_id === finished.topic_id && levelIndex(c.course_level) > levelIndex(finished.course_level));
  if (nextLevel) return { kind: "next_level", course: nextLevel };
  return items[0] ? { kind: "related", course: items[0] } : null;
}
