import "server-only";
import { asc, count, eq, ne, or, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courses, courseSections, quizQuestions, topics } from "../../../db/schema";

/** A course with written content learners do not get yet, as the admin Generation panel lists it. */
export type WaitingForReview = {
  courseId: number;
  title: string;
  topicTitle: string;
  state: "draft" | "published" | "paused";
  generating: boolean;
  sectionsWritten: number;
  sectionsWaiting: number;
  /** Fresh quiz variants of its approved sections waiting for an admin's approval (docs/product-rules.md, "Fresh variants"). */
  questionsWaiting: number;
};

/**
 * Drafts, and published courses with sections or fresh quiz variants still to approve
 * (docs/product-rules.md, "Review and publication", "Fresh variants"), oldest first: the admin's
 * review queue. A paused course is not waiting: an admin paused it on purpose.
 */
export async function listWaitingForReview(db: DatabaseOrTransaction, limit = 50): Promise<WaitingForReview[]> {
  const waiting = sql<number>`count(*) filter (where ${courseSections.publishedAt} is null and ${courseSections.id} is not null)`.mapWith(Number);
  // By the partial index on waiting items (quiz_questions_in_review_idx): the pools themselves are not read.
  const questionsWaiting = sql<number>`coalesce(sum((select count(*) from ${quizQuestions} q where q.section_id = ${courseSections.id} and q.in_review_since is not null and q.retired_at is null)), 0)`.mapWith(Number);
  const rows = await db
    .select({
      courseId: courses.id,
      title: courses.title,
      topicTitle: topics.title,
      state: courses.publication,
      status: courses.generationStatus,
      sectionsWritten: count(courseSections.id),
      sectionsWaiting: waiting,
      questionsWaiting,
    })
    .from(courses)
    .innerJoin(topics, eq(topics.id, courses.topicId))
    .leftJoin(courseSections, eq(courseSections.courseId, courses.id))
    .where(ne(courses.publication, "paused"))
    .groupBy(courses.id, topics.title)
    .having(or(eq(courses.publication, "draft"), sql`${waiting} > 0`, sql`${questionsWaiting} > 0`))
    .orderBy(asc(courses.createdAt), asc(courses.id))
    .limit(limit);
  return rows.map(({ status, ...r }) => ({ ...r, generating: status === "pending" || status === "running" }));
}
