import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../../db/client";
import { courses, topics, users } from "../../../db/schema";
import { perCatalogueVersion } from "../courses/catalogue-version";
import { AppError } from "../../platform/http/app-error";
import { courseSummaryColumns, toCourseSummary } from "../courses/serialize";
import { inCourseAudience, visibleCourses, type Viewer } from "../courses/visibility";
import { courseServed } from "../publication/served";
import type { CourseSummary } from "../courses/responses";
import type { TopicCourses, TopicSummary } from "./responses";

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

type CourseRow = CourseSummary & { requestedBy: number | null };
type TopicRow = Awaited<ReturnType<typeof loadTopicRows>>[number];

/** An answer of GET /topics: its JSON as UTF-8 bytes and a strong ETag (a hash of exactly those bytes). */
export type TopicListView = { body: Uint8Array<ArrayBuffer>; etag: string };

function viewOf(json: string): TopicListView {
  const body = new TextEncoder().encode(json);
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url")}"` };
}

/** The catalogue's topics: a learner's free-text subject (topics.learner_subject) is in no list. */
export const catalogueTopic = eq(topics.learnerSubject, false);

function loadTopicRows(db: Database) {
  return db.select(topicWithCreatorColumns).from(topics).leftJoin(users, eq(users.id, topics.createdBy)).where(catalogueTopic).orderBy(asc(topics.title));
}

/*
 * The catalogue as the topic lists show it, kept per process under the catalogue version (which
 * topic, course and creator-name writes move: lib/catalogue/courses/catalogue-version.ts), so every answer
 * is as fresh as the database. GET /topics is public and the busiest read; its answer is some
 * 0.9 MB at 3,000 courses: the visitors' JSON (one piece per topic) is built once per version,
 * as is the admins'; a learner with personal courses gets the visitors' pieces with the topics
 * of their own courses rebuilt. Nobody ever gets a view made for someone else.
 */
const currentCatalogue = perCatalogueVersion(async (db) => {
  const [topicRows, courseRows] = await Promise.all([
    loadTopicRows(db),
    // Drafts and paused courses are in no list (docs/product-rules.md, "Review and publication").
    db.query.courses.findMany({ columns: { ...courseSummaryColumns, requestedBy: true }, where: courseServed }),
  ]);
  // Each topic's courses in the lists' order: a viewer's share of them keeps it (the sort is stable).
  const byTopic = new Map<number, CourseRow[]>();
  for (const course of courseRows) {
    const list = byTopic.get(course.topicId) ?? [];
    list.push({ ...toCourseSummary(course), requestedBy: course.requestedBy });
    byTopic.set(course.topicId, list);
  }
  for (const list of byTopic.values()) list.sort(byLevelThenTitle);
  // Per learner with personal courses, the topics those are in.
  const personalTopics = new Map<number, Set<number>>();
  for (const course of courseRows) {
    if (course.requestedBy === null) continue;
    personalTopics.set(course.requestedBy, (personalTopics.get(course.requestedBy) ?? new Set()).add(course.topicId));
  }
  const publicPieces = topicRows.map((t) => JSON.stringify(summariseTopic(t, byTopic, null)));
  const piecesFor = (viewer: Viewer, rebuilt: Set<number>) =>
    topicRows.map((t, i) => (rebuilt.has(t.id) ? JSON.stringify(summariseTopic(t, byTopic, viewer)) : publicPieces[i]!));
  const everyPersonalTopic = new Set([...personalTopics.values()].flatMap((set) => [...set]));
  let adminView: TopicListView | undefined;
  return {
    topicRows,
    byTopic,
    publicView: viewOf(`[${publicPieces.join(",")}]`),
    /** The view of an admin (every personal course) or of a learner with personal courses; undefined: the visitors' view. */
    ownView(viewer: Viewer): TopicListView | undefined {
      if (viewer?.role === "admin") {
        if (!everyPersonalTopic.size) return undefined;
        return (adminView ??= viewOf(`[${piecesFor(viewer, everyPersonalTopic).join(",")}]`));
      }
      const own = viewer ? personalTopics.get(viewer.id) : undefined;
      return own ? viewOf(`[${piecesFor(viewer, own).join(",")}]`) : undefined;
    },
  };
});

function summariseTopic(t: TopicRow, byTopic: Map<number, CourseRow[]>, viewer: Viewer): TopicSummary {
  const list = (byTopic.get(t.id) ?? []).flatMap(({ requestedBy, ...course }) => (inCourseAudience(viewer, requestedBy) ? [course] : []));
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    created_at: t.createdAt.toISOString(),
    creator: t.firstName === null ? null : { first_name: t.firstName, last_name: t.lastName ?? "" },
    courses: list,
    totalCourses: list.length,
  };
}

/** Every topic with its creator, courses and course count; personal courses only for whoever may see them. */
export async function listTopics(db: Database, viewer: Viewer): Promise<TopicSummary[]> {
  const { topicRows, byTopic } = await currentCatalogue.current(db);
  return topicRows.map((t) => summariseTopic(t, byTopic, viewer));
}

/** GET /topics: the same list as JSON, for this viewer. */
export async function listTopicsView(db: Database, viewer: Viewer): Promise<TopicListView> {
  const catalogue = await currentCatalogue.current(db);
  return catalogue.ownView(viewer) ?? catalogue.publicView;
}

/** GET /topics/{id}/courses: the topic and the courses this viewer may see. */
export async function getTopicCourses(db: DatabaseOrTransaction, viewer: Viewer, topicId: number): Promise<TopicCourses> {
  // A learner's free-text subject has no topic page: its words are theirs, and its courses are personal.
  const [topic] = await db
    .select({ id: topics.id, title: topics.title, description: topics.description })
    .from(topics)
    .where(and(eq(topics.id, topicId), viewer?.role === "admin" ? undefined : catalogueTopic));
  if (!topic) throw new AppError("not_found", "Topic not found.");
  const rows = await db.query.courses.findMany({
    where: and(eq(courses.topicId, topicId), visibleCourses(viewer)),
    columns: courseSummaryColumns,
  });
  return { topic, courses: rows.map((c) => toCourseSummary(c)).sort(byLevelThenTitle) };
}

/** Which of these topic ids are catalogue topics (to refuse unknown ids with a clear message). */
export async function existingTopicIds(db: DatabaseOrTransaction, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: topics.id }).from(topics).where(and(inArray(topics.id, ids), catalogueTopic));
  return new Set(rows.map((r) => r.id));
}
