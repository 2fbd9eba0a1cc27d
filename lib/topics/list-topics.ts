import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, topics, users } from "../../db/schema";
import { AppError } from "../http/app-error";
import { ShortLivedValue } from "../cache/memo";
import { courseSummaryColumns, toCourseSummary, type CourseSummary } from "../courses/serialize";
import { canSeeCourse, visibleCourses, type Viewer } from "../courses/visibility";

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

type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

function loadCatalogue() {
  const db = getDb();
  return Promise.all([
    db
      .select(topicWithCreatorColumns)
      .from(topics)
      .leftJoin(users, eq(users.id, topics.createdBy))
      .orderBy(asc(topics.title)),
    db.query.courses.findMany({ columns: { ...courseSummaryColumns, requestedBy: true } }),
  ]);
}

/** Every topic with its creator, courses and course count, in two queries; personal courses only for whoever may see them. */
export async function listTopics(viewer: Viewer): Promise<TopicSummary[]> {
  return summarise(await loadCatalogue(), viewer);
}

function summarise([topicRows, courseRows]: Catalogue, viewer: Viewer): TopicSummary[] {
  const byTopic = new Map<number, CourseSummary[]>();
  for (const course of courseRows) {
    if (!canSeeCourse(viewer, course.requestedBy)) continue;
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

/** GET /topics/{id}/courses: the topic and the courses this viewer may see. */
export async function getTopicCourses(viewer: Viewer, topicId: number): Promise<{ topic: { id: number; title: string; description: string }; courses: CourseSummary[] }> {
  const db = getDb();
  const [topic] = await db.select({ id: topics.id, title: topics.title, description: topics.description }).from(topics).where(eq(topics.id, topicId));
  if (!topic) throw new AppError("not_found", "Topic not found.");
  const rows = await db.query.courses.findMany({
    where: and(eq(courses.topicId, topicId), visibleCourses(viewer)),
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
 * GET /topics is public and the busiest read. What visitors see (the catalogue without personal
 * courses) is the same for everyone: its JSON is kept for a second, and dropped at once when this
 * instance changes a topic; another instance's or the worker's change shows within that second.
 * A viewer with personal courses to see (their requester, an admin) gets a list of their own.
 */
const cachedCatalogue = new ShortLivedValue(1_000, async () => {
  const catalogue = await loadCatalogue();
  const requesters = new Set(catalogue[1].flatMap((c) => (c.requestedBy === null ? [] : [c.requestedBy])));
  return { catalogue, requesters, publicJson: JSON.stringify(summarise(catalogue, null)) };
});

export async function listTopicsJson(viewer: Viewer): Promise<string> {
  const { catalogue, requesters, publicJson } = await cachedCatalogue.get();
  const seesPersonal = viewer !== null && (viewer.role === "admin" ? requesters.size > 0 : requesters.has(viewer.id));
  return seesPersonal ? JSON.stringify(summarise(catalogue, viewer)) : publicJson;
}

export function forgetTopicList(): void {
  cachedCatalogue.invalidate();
}
