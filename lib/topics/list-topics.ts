import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, topics, users } from "../../db/schema";
import { AppError } from "../http/app-error";
import { ShortLivedValue } from "../cache/memo";
import { courseSummaryColumns, toCourseSummary, type CourseSummary } from "../courses/serialize";

export type TopicSummary = {
  id: number;
  title: string;
  description: string;
  created_at: string;
  creator: { first_name: string; last_name: string } | null;
  courses: CourseSummary[];
  totalCourses: number;
};

const LEVEL_ORDER = { Beginner: 0, Intermediate: 1, Advanced: 2 } as const;

function byLevelThenTitle(a: CourseSummary, b: CourseSummary) {
  return LEVEL_ORDER[a.course_level] - LEVEL_ORDER[b.course_level] || a.course_title.localeCompare(b.course_title);
}

/** A topic and its creator's name, as every topic list selects it (join users on topics.created_by). */
export const topicWithCreatorColumns = {
  id: topics.id,
  title: topics.title,
  description: topics.description,
  createdAt: topics.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Every topic with its creator, courses and course count, in two queries. */
export async function listTopics(): Promise<TopicSummary[]> {
  const db = getDb();
  const [topicRows, courseRows] = await Promise.all([
    db
      .select(topicWithCreatorColumns)
      .from(topics)
      .leftJoin(users, eq(users.id, topics.createdBy))
      .orderBy(asc(topics.title)),
    db.query.courses.findMany({ columns: courseSummaryColumns }),
  ]);
  const byTopic = new Map<number, CourseSummary[]>();
  for (const course of courseRows) {
    const list = byTopic.get(course.topicId) ?? [];
    list.push(toCourseSummary(course));
    byTopic.set(course.topicId, list);
  }
  return topicRows.map((t) => {
    const list = (byTopic.get(t.id) ?? []).sort(byLevelThenTitle);
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      created_at: t.createdAt.toISOString(),
      creator: t.firstName === null ? null : { first_name: t.firstName, last_name: t.lastName ?? "" },
      courses: list,
      totalCourses: list.length,
    };
  });
}

/** GET /topics/{id}/courses: the topic and its courses. */
export async function getTopicCourses(topicId: number): Promise<{ topic: { id: number; title: string; description: string }; courses: CourseSummary[] }> {
  const db = getDb();
  const [topic] = await db.select({ id: topics.id, title: topics.title, description: topics.description }).from(topics).where(eq(topics.id, topicId));
  if (!topic) throw new AppError("not_found", "Topic not found.");
  const rows = await db.query.courses.findMany({
    where: eq(courses.topicId, topicId),
    columns: courseSummaryColumns,
  });
  return { topic, courses: rows.map((c) => toCourseSummary(c)).sort(byLevelThenTitle) };
}

/** Which of these topic ids exist (to refuse unknown ids with a clear message). */
export async function existingTopicIds(ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await getDb().select({ id: topics.id }).from(topics).where(inArray(topics.id, ids));
  return new Set(rows.map((r) => r.id));
}

/*
 * GET /topics is public, the same for every caller and the busiest read: its JSON is kept for a
 * second, and dropped at once when this instance changes a topic. Another instance's or the
 * worker's change shows within that second.
 */
const topicsJson = new ShortLivedValue(1_000, async () => JSON.stringify(await listTopics()));

export function listTopicsJson(): Promise<string> {
  return topicsJson.get();
}

export function forgetTopicList(): void {
  topicsJson.invalidate();
}
