import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { courseRequests, courses, topics } from "../../../db/schema";
import { GENERATION_FAILED } from "../generation/course-generation";
import type { CourseRequest, CourseRequestView } from "./responses";
import { listRequestViews } from "./view";
import { courseWritingOn } from "./writing-off";

/*
 * GET /users/me/course-request: the caller's latest request in the shape it had before requests
 * were objects of their own (one state for "the" request), kept for the clients that read it. It
 * is the newest request's view (./view.ts), so it follows that request and never another's course.
 */

const STATE: Record<CourseRequestView["state"], CourseRequest["state"]> = { planning: "waiting", writing: "writing", review: "review", ready: "ready", failed: "failed" };

function fromView(view: CourseRequestView, on: boolean): CourseRequest {
  return {
    state: STATE[view.state],
    model_configured: on,
    request_id: view.id,
    topic_id: view.topic_id,
    topic_title: view.subject,
    course_id: view.course_id,
    course_title: view.course_title,
    sections: view.sections.map((s) => ({ title: s.title, ready: s.state === "ready", ...(s.state === "review" ? { in_review: true as const } : {}) })),
    detail: view.detail,
  };
}

const nothing = (on: boolean): CourseRequest => ({ state: "none", model_configured: on, request_id: null, topic_id: null, topic_title: null, course_id: null, course_title: null, sections: [], detail: null });

/** Only the caller's own request is ever read. */
export async function getCourseRequest(db: DatabaseOrTransaction, userId: number): Promise<CourseRequest> {
  const on = courseWritingOn();
  const [latest] = await listRequestViews(db, userId, 1);
  if (latest) return fromView(latest, on);
  // A personal course asked for before requests were kept (no request row): its course as it stands.
  const [course] = await db
    .select({ id: courses.id, title: courses.title, topicId: topics.id, topicTitle: topics.title, status: courses.generationStatus, done: courses.isDetailCreatedByAi })
    .from(courses)
    .innerJoin(topics, eq(topics.id, courses.topicId))
    .leftJoin(courseRequests, eq(courseRequests.courseId, courses.id))
    .where(and(eq(courses.requestedBy, userId), isNull(courseRequests.id)))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(1);
  if (!course) return nothing(on);
  const state = course.done || course.status === "done" ? "ready" : course.status === "failed" ? "failed" : "writing";
  return {
    ...nothing(on),
    state,
    topic_id: course.topicId,
    topic_title: course.topicTitle,
    course_id: course.id,
    course_title: course.title,
    detail: state === "failed" ? GENERATION_FAILED : null,
  };
}
