import "server-only";
import { asc, count, eq, ne, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, courseSections, topics } from "../../db/schema";

/** A course with written content learners do not get yet, as the admin Generation panel lists it. */
export type WaitingForReview = {
  courseId: number;
  title: string;
  topicTitle: string;
  state: "draft" | "published" | "paused";
  generating: boolean;
  sectionsWritten: number;
  sectionsWaiting: number;
};

/**
 * Drafts, and published courses with sections still to approve (docs/product-rules.md, "Review
 * and publication"), oldest first: the admin's review queue. A paused course is not waiting: an
 * admin paused it on purpose.
 */
export async function listWaitingForReview(limit = 50): Promise<WaitingForReview[]> {
  const waiting = sql<number>`count(*) filter (where ${courseSections.publishedAt} is null and ${courseSections.id} is not null)`.mapWith(Number);
  const rows = await getDb()
    .select({
      courseId: courses.id,
      title: courses.title,
      topicTitle: topics.title,
      state: courses.publication,
      status: courses.generationStatus,
      sectionsWritten: count(courseSections.id),
      sectionsWaiting: waiting,
    })
    .from(courses)
    .innerJoin(topics, eq(topics.id, courses.topicId))
    .leftJoin(courseSections, eq(courseSections.courseId, courses.id))
    .where(ne(courses.publication, "paused"))
    .groupBy(courses.id, topics.title)
    .having(or(eq(courses.publication, "draft"), sql`${waiting} > 0`))
    .orderBy(asc(courses.createdAt), asc(courses.id))
    .limit(limit);
  return rows.map(({ status, ...r }) => ({ ...r, generating: status === "pending" || status === "running" }));
}
