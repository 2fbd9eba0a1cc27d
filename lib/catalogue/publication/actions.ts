import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../../../db/client";
import { courses, courseSections, type CoursePublication } from "../../../db/schema";
import { courseTouched } from "../courses/course-content";
import { COURSE_NOT_FOUND } from "../courses/visibility";
import { AppError } from "../../platform/http/app-error";
import { notifyIfCourseReady } from "../../accounts";
import type { PublicationState } from "./responses";

/*
 * The admin's publication actions (docs/product-rules.md, "Review and publication"). Each runs
 * under the course's row lock and moves courses.updated_at, so the readers' content cache
 * (lib/catalogue/courses/course-content.ts) and the catalogue version move with it. An approval that lets
 * a learner read their own course at last tells them so (lib/accounts/notifications).
 */

async function stateOf(db: DatabaseOrTransaction, courseId: number): Promise<PublicationState> {
  const [course] = await db.select({ publication: courses.publication }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new AppError("not_found", COURSE_NOT_FOUND);
  const sections = await db
    .select({ position: courseSections.position, title: courseSections.title, publishedAt: courseSections.publishedAt })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position));
  return { course_id: courseId, state: course.publication, sections: sections.map((s) => ({ position: s.position, title: s.title, published: s.publishedAt !== null })) };
}

/** GET /courses/{id}/publication. */
export function getPublicationState(db: DatabaseOrTransaction, courseId: number): Promise<PublicationState> {
  return stateOf(db, courseId);
}

/** Runs a change under the course's row lock; the publication it answers (if any) and the moved `updated_at` (the content cache's key) are written in one UPDATE. */
async function underLock(db: Database, courseId: number, change: (tx: DatabaseOrTransaction, publication: CoursePublication) => Promise<CoursePublication | void>): Promise<PublicationState> {
  return db.transaction(async (tx) => {
    const [course] = await tx.select({ publication: courses.publication }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) throw new AppError("not_found", COURSE_NOT_FOUND);
    const publication = await change(tx, course.publication);
    await tx.update(courses).set({ ...(publication ? { publication } : {}), updatedAt: courseTouched }).where(eq(courses.id, courseId));
    await notifyIfCourseReady(tx, courseId);
    return stateOf(tx, courseId);
  });
}

/** POST /courses/{id}/publish: the course and every section written so far go to learners (a paused course comes back). */
export function publishCourse(db: Database, courseId: number): Promise<PublicationState> {
  return underLock(db, courseId, async (tx) => {
    await tx.update(courseSections).set({ publishedAt: sql`now()` }).where(and(eq(courseSections.courseId, courseId), isNull(courseSections.publishedAt)));
    return "published";
  });
}

/** POST /courses/{id}/unpublish: a published course is paused; its learners keep everything and get no content meanwhile. */
export function unpublishCourse(db: Database, courseId: number): Promise<PublicationState> {
  return underLock(db, courseId, async (tx, publication) => {
    if (publication === "draft") throw new AppError("conflict", "This course is a draft: it was never published.");
    return "paused";
  });
}

/**
 * POST /courses/{id}/sections/{position}/publish: one section is approved. A draft becomes a
 * published course with that section readable (the rest wait for review), so learners can read
 * progressively while an admin reviews; a paused course stays paused until it is published again.
 */
export function publishSection(db: Database, courseId: number, position: number): Promise<PublicationState> {
  return underLock(db, courseId, async (tx, publication) => {
    const [section] = await tx
      .update(courseSections)
      .set({ publishedAt: sql`coalesce(${courseSections.publishedAt}, now())` })
      .where(and(eq(courseSections.courseId, courseId), eq(courseSections.position, position)))
      .returning({ id: courseSections.id });
    if (!section) throw new AppError("not_found", "This course has no such section yet: it may still be being written.");
    if (publication === "draft") return "published";
  });
}
