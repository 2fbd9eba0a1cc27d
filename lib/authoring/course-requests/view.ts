import "server-only";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courseRequests, courses, courseSections, generationSections, topics } from "../../../db/schema";
import { plannedCourseMinutes, isServed } from "../../catalogue";
import { COURSE_LENGTHS } from "../generation/plan";
import { AppError } from "../../platform/http/app-error";
import type { CourseRequestView } from "./responses";
import { minutesLeft, typicalMinutes } from "./estimate";
import { planningStopped, writingStopped } from "./failure-words";
import { COURSE_WRITING_OFF, courseWritingOn } from "./writing-off";

/*
 * A learner's course requests as they follow them (docs/product-rules.md, "Course requests"): each
 * its own object, whose state is the request's until its course is planned and its course's from
 * then on, so no request ever shows another one's course. Only the caller's own rows are read.
 */

export const REQUEST_NOT_FOUND = "Course request not found.";

export const requestColumns = {
  id: courseRequests.id,
  topicId: courseRequests.topicId,
  subject: courseRequests.subject,
  level: courseRequests.level,
  length: courseRequests.length,
  sourceId: courseRequests.sourceId,
  courseId: courseRequests.courseId,
  failedAt: courseRequests.failedAt,
  failure: courseRequests.failure,
  createdAt: courseRequests.createdAt,
  startedAt: courseRequests.startedAt,
  topicTitle: topics.title,
  learnerSubject: topics.learnerSubject,
  courseTitle: courses.title,
  status: courses.generationStatus,
  done: courses.isDetailCreatedByAi,
  publication: courses.publication,
  error: courses.generationError,
  // Spelled out: drizzle would leave the outer columns unqualified inside the subquery.
  opened: sql<boolean>`exists (select 1 from lesson_reads lr where lr.user_id = course_requests.user_id and lr.course_id = course_requests.course_id)`,
};

export type RequestRow = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: DatabaseOrTransaction, where: SQL | undefined, limit: number) {
  return db
    .select(requestColumns)
    .from(courseRequests)
    .innerJoin(topics, eq(topics.id, courseRequests.topicId))
    .leftJoin(courses, eq(courses.id, courseRequests.courseId))
    .where(where)
    .orderBy(desc(courseRequests.createdAt), desc(courseRequests.id))
    .limit(limit);
}

type Outline = { planned: string[]; written: { title: string; published: boolean }[] };

/** Each course's planned section titles and its written sections, in order. */
async function outlines(db: DatabaseOrTransaction, courseIds: number[]): Promise<Map<number, Outline>> {
  const byCourse = new Map<number, Outline>(courseIds.map((id) => [id, { planned: [], written: [] }]));
  if (!courseIds.length) return byCourse;
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const planned = await db
    .select({ courseId: generationSections.courseId, title: generationSections.title })
    .from(generationSections)
    .where(inArray(generationSections.courseId, courseIds))
    .orderBy(asc(generationSections.courseId), asc(generationSections.position));
  const written = await db
    .select({ courseId: courseSections.courseId, title: courseSections.title, publishedAt: courseSections.publishedAt })
    .from(courseSections)
    .where(inArray(courseSections.courseId, courseIds))
    .orderBy(asc(courseSections.courseId), asc(courseSections.position));
  for (const p of planned) byCourse.get(p.courseId)!.planned.push(p.title);
  for (const w of written) byCourse.get(w.courseId)!.written.push({ title: w.title, published: w.publishedAt !== null });
  return byCourse;
}

/** The rows as the learner sees them: state, sections, the reason in words, how long is left. */
export async function toViews(db: DatabaseOrTransaction, rows: RequestRow[]): Promise<CourseRequestView[]> {
  const on = courseWritingOn();
  const courseIds = rows.flatMap((r) => (r.courseId === null ? [] : [r.courseId]));
  const byCourse = await outlines(db, courseIds);
  const typical = await typicalMinutes(
    db,
    rows.filter((r) => r.failedAt === null && r.status !== "failed" && !r.done && r.status !== "done").map((r) => r.length),
  );
  return rows.map((row) => {
    const outline = row.courseId === null ? { planned: [], written: [] } : byCourse.get(row.courseId)!;
    const served = row.publication !== null && isServed(row.publication);
    const courseFailed = row.status === "failed";
    const sections = Array.from({ length: Math.max(outline.planned.length, outline.written.length) }, (_, i) => {
      const written = outline.written[i];
      if (!written) return { title: outline.planned[i]!, state: courseFailed ? ("stopped" as const) : ("writing" as const) };
      return { title: written.title, state: served && written.published ? ("ready" as const) : ("review" as const) };
    });
    const written = row.done || row.status === "done";
    const state: CourseRequestView["state"] =
      row.courseId === null
        ? row.failedAt
          ? "failed"
          : "planning"
        : courseFailed
          ? "failed"
          : written
            ? sections.some((s) => s.state === "review") || !served
              ? "review"
              : "ready"
            : "writing";
    const under = state === "planning" || state === "writing";
    const detail =
      state === "failed"
        ? row.courseId === null
          ? planningStopped(row.failure)
          : writingStopped(row.error, outline.written.length, sections.length)
        : under && !on
          ? COURSE_WRITING_OFF
          : null;
    return {
      id: row.id,
      state,
      subject: row.subject ?? row.topicTitle,
      free_text: row.subject !== null,
      topic_id: row.learnerSubject ? null : row.topicId,
      level: row.level,
      length: row.length,
      planned_minutes: plannedCourseMinutes(COURSE_LENGTHS[row.length]),
      source_id: row.sourceId,
      course_id: row.courseId,
      course_title: row.courseTitle,
      sections,
      sections_ready: sections.filter((s) => s.state === "ready").length,
      detail,
      can_resume: state === "failed" && on,
      opened: row.opened,
      ready_in_minutes: under && on ? minutesLeft(typical.get(row.length)!, row.startedAt) : null,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** The caller's newest requests, newest first. */
export async function listRequestViews(db: DatabaseOrTransaction, userId: number, limit: number): Promise<CourseRequestView[]> {
  return toViews(db, await selectRows(db, eq(courseRequests.userId, userId), limit));
}

/** One of the caller's requests: someone else's is the same 404 as one that does not exist. */
export async function requestView(db: DatabaseOrTransaction, userId: number, requestId: number): Promise<CourseRequestView> {
  const [row] = await selectRows(db, and(eq(courseRequests.id, requestId), eq(courseRequests.userId, userId)), 1);
  if (!row) throw new AppError("not_found", REQUEST_NOT_FOUND);
  return (await toViews(db, [row]))[0]!;
}

/** The caller's requests still being planned or written (at most one, but for an admin's retry of another). */
export async function requestsUnderWay(db: DatabaseOrTransaction, userId: number): Promise<CourseRequestView[]> {
  const rows = await selectRows(
    db,
    and(
      eq(courseRequests.userId, userId),
      sql`((${courseRequests.courseId} is null and ${courseRequests.failedAt} is null) or (${courses.generationStatus} in ('pending', 'running') and not ${courses.isDetailCreatedByAi}))`,
    ),
    5,
  );
  return toViews(db, rows);
}
