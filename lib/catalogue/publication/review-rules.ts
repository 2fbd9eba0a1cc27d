import "server-only";
import { eq } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courses, courseSections, topics, type CoursePublication } from "../../../db/schema";
import { getEnv } from "../../platform/env";

/*
 * The publication policy (docs/product-rules.md, "Review and publication"): a topic's own
 * setting, else GENERATION_REVIEW. With review required, a generated course starts as a draft
 * and each section it writes waits for an admin.
 */

/** A topic's own setting (null: none), or else the server's. */
const requiresReview = (review: "off" | "required" | null | undefined) => (review ?? getEnv().GENERATION_REVIEW) === "required";

/** Whether content written now for this course waits for an admin's review. */
export async function reviewRequiredForCourse(db: DatabaseOrTransaction, courseId: number): Promise<boolean> {
  const [row] = await db.select({ review: topics.generationReview }).from(courses).innerJoin(topics, eq(topics.id, courses.topicId)).where(eq(courses.id, courseId));
  return requiresReview(row?.review);
}

/** How a course the generator creates in this topic starts. */
export async function initialPublication(db: DatabaseOrTransaction, topicId: number): Promise<CoursePublication> {
  const [row] = await db.select({ review: topics.generationReview }).from(topics).where(eq(topics.id, topicId));
  return requiresReview(row?.review) ? "draft" : "published";
}

/**
 * Whether what a model writes now into this section (a new version of a lesson or item, fresh quiz
 * variants) waits for an admin before learners get it (docs/product-rules.md, "Review and editing",
 * "Fresh variants"): review is required for the course and the section was approved already. A section still waiting for review is reviewed as a whole when it
 * is approved, so its content may change in place until then.
 */
export async function revisionWaitsForReview(db: DatabaseOrTransaction, courseId: number, sectionId: number): Promise<boolean> {
  const [section] = await db.select({ publishedAt: courseSections.publishedAt }).from(courseSections).where(eq(courseSections.id, sectionId));
  return section?.publishedAt != null && (await reviewRequiredForCourse(db, courseId));
}
