import "server-only";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courseSections, courseSources, courseSubsections, sourcePassages, sources, subsectionCitations } from "../../../db/schema";
import { assertCanSeeCourseById, type Viewer } from "../../catalogue";
import { AppError } from "../../platform/http/app-error";
import type { CitationView, CourseSourceView } from "./responses";

/*
 * What learners see of sources (docs/sources.md, "What learners see"): the sources a course was
 * written from, and the passage behind each inline citation `[n]` of a lesson. Both are visible
 * exactly to who may see the course (lib/catalogue/courses/visibility.ts): a catalogue course to any
 * signed-in user, a personal course to its learner and admins; anyone else gets the course's 404.
 * A learner's own file keeps its name only for that learner and admins.
 */

const NO_LESSON = "This section has no such lesson.";

/** The name shown for a learner's own file to anyone but them and admins (a personal course is theirs alone, so this is a guard, not a path). */
export const PRIVATE_FILE_NAME = "A learner's own file";

/** SQL for a source's name as this viewer may see it. */
function fileNameFor(viewer: NonNullable<Viewer>) {
  if (viewer.role === "admin") return sql<string>`${sources.fileName}`;
  return sql<string>`case when ${sources.ownerId} is null or ${sources.ownerId} = ${viewer.id} then ${sources.fileName} else ${PRIVATE_FILE_NAME} end`;
}

/** GET /courses/{id}/sources: the sources the course was written from, in the order they were added. */
export async function listCourseSources(db: DatabaseOrTransaction, viewer: NonNullable<Viewer>, courseId: number): Promise<CourseSourceView[]> {
  await assertCanSeeCourseById(db, viewer, courseId);
  return db
    .select({ id: sources.id, file_name: fileNameFor(viewer), media_type: sources.mediaType, pages: sources.pagesTotal })
    .from(courseSources)
    .innerJoin(sources, eq(sources.id, courseSources.sourceId))
    .where(eq(courseSources.courseId, courseId))
    .orderBy(asc(sources.createdAt), asc(sources.id));
}

export type LessonPlace = { courseId: number; sectionIndex: number; subsectionIndex: number };

/** The subsection at a place of a course, or 404; for a learner, only in a section published to them (a section in review is not served). */
async function subsectionAt(db: DatabaseOrTransaction, viewer: NonNullable<Viewer>, place: LessonPlace): Promise<number> {
  const [row] = await db
    .select({ id: courseSubsections.id })
    .from(courseSubsections)
    .innerJoin(courseSections, eq(courseSections.id, courseSubsections.sectionId))
    .where(and(eq(courseSections.courseId, place.courseId), eq(courseSections.position, place.sectionIndex), eq(courseSubsections.position, place.subsectionIndex), viewer.role === "admin" ? undefined : isNotNull(courseSections.publishedAt)));
  if (!row) throw new AppError("not_found", NO_LESSON);
  return row.id;
}

/**
 * GET /courses/{id}/sections/{s}/subsections/{n}/citations: each `[n]` of the lesson with its
 * passage (file, page, heading, the quoted text), or `passage: null` once its source was deleted.
 */
export async function listLessonCitations(db: DatabaseOrTransaction, viewer: NonNullable<Viewer>, place: LessonPlace): Promise<CitationView[]> {
  await assertCanSeeCourseById(db, viewer, place.courseId);
  const subsectionId = await subsectionAt(db, viewer, place);
  const rows = await db
    .select({
      number: subsectionCitations.number,
      passageId: sourcePassages.id,
      file_name: fileNameFor(viewer),
      page: sourcePassages.page,
      heading: sourcePassages.heading,
      text: sourcePassages.text,
    })
    .from(subsectionCitations)
    .leftJoin(sourcePassages, eq(sourcePassages.id, subsectionCitations.passageId))
    .leftJoin(sources, eq(sources.id, sourcePassages.sourceId))
    .where(eq(subsectionCitations.subsectionId, subsectionId))
    .orderBy(asc(subsectionCitations.number));
  return rows.map((r) => ({
    number: r.number,
    passage: r.passageId === null || r.text === null ? null : { file_name: r.file_name, page: r.page, heading: r.heading, text: r.text },
  }));
}

/**
 * The reader's part, for a course it has already shown the viewer: the numbers cited in one lesson
 * (only these become buttons) and whether the course has sources at all.
 */
export async function readerSourcesOf(db: DatabaseOrTransaction, courseId: number, sectionIndex: number, subsectionIndex: number): Promise<{ citedNumbers: number[]; hasSources: boolean }> {
  const [cited, [any]] = await Promise.all([
    db
      .select({ number: subsectionCitations.number })
      .from(subsectionCitations)
      .innerJoin(courseSubsections, eq(courseSubsections.id, subsectionCitations.subsectionId))
      .innerJoin(courseSections, eq(courseSections.id, courseSubsections.sectionId))
      .where(and(eq(courseSections.courseId, courseId), eq(courseSections.position, sectionIndex), eq(courseSubsections.position, subsectionIndex)))
      .orderBy(asc(subsectionCitations.number)),
    db.select({ id: courseSources.sourceId }).from(courseSources).where(eq(courseSources.courseId, courseId)).limit(1),
  ]);
  return { citedNumbers: cited.map((c) => c.number), hasSources: Boolean(any) };
}

/**
 * A learner's request for a personal course may name one source of their own: it must be theirs
 * (anyone else's is a 404, as if it did not exist) and ready (409 otherwise, saying why).
 */
export async function assertOwnReadySource(db: DatabaseOrTransaction, userId: number, sourceId: number): Promise<void> {
  const [source] = await db
    .select({ status: sources.status, failure: sources.failure })
    .from(sources)
    .where(and(eq(sources.id, sourceId), eq(sources.ownerId, userId)));
  if (!source) throw new AppError("not_found", "No such source.");
  if (source.status === "failed") throw new AppError("conflict", `This source cannot be used: ${source.failure ?? "its text could not be read."}`);
  if (source.status !== "ready") throw new AppError("conflict", "This source is still being read. Ask for the course once it is ready.");
}

