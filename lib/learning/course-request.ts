import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, courseSections, generationSections, topics } from "../../db/schema";
import { GENERATION_FAILED } from "../courses/course-generation";
import { describeModelSetup } from "../llm/client";
import { isServed } from "../publication/served";
import type { CourseRequest } from "../validation/responses/course-request";

/*
 * A learner's latest request for a course of their own (POST /courses/generate), as the "Write
 * me a course" card shows it (docs/product-rules.md, "Course generation"). A request is a
 * generate-topic-courses job until the worker plans the course; from then on it is the course
 * row (courses.requested_by), whose sections appear as they are published. Whichever is newer
 * is the request the learner last made.
 */

/** What a learner is told when the server has no model: the request is refused, and nothing says a course is being written. */
export const COURSE_WRITING_OFF = "Course writing is turned off here; ask your admin.";

/** Whether this server can write courses at all (a model is configured). */
export function courseWritingOn(): boolean {
  return describeModelSetup().model_configured;
}

type JobRow = { state: string; topic_id: number | null; topic_title: string | null; created_on: Date };

/**
 * The learner's newest request job (pg-boss keeps finished jobs for the generation policy's
 * retention). pg-boss creates its tables when a process first starts it: before that there is no
 * job to find.
 */
async function latestRequestJob(userId: number): Promise<JobRow | undefined> {
  try {
    const { rows } = await getDb().execute<JobRow>(sql`
      select j.state, t.id as topic_id, t.title as topic_title, j.created_on
        from pgboss.job j left join topics t on t.id = (j.data->>'topicId')::int
       where j.name = 'generate-topic-courses' and j.data->>'userId' = ${String(userId)}
       order by j.created_on desc limit 1`);
    return rows[0];
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === UNDEFINED_TABLE) return undefined;
    throw error;
  }
}

const UNDEFINED_TABLE = "42P01";

/**
 * Each section in order, planned or written; a written one is ready once learners are served it
 * (docs/product-rules.md, "Review and publication"), else waiting for review.
 */
async function sectionsOf(courseId: number, served: boolean): Promise<CourseRequest["sections"]> {
  const db = getDb();
  const [planned, written] = await Promise.all([
    db.select({ title: generationSections.title }).from(generationSections).where(eq(generationSections.courseId, courseId)).orderBy(asc(generationSections.position)),
    db
      .select({ title: courseSections.title, publishedAt: courseSections.publishedAt })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position)),
  ]);
  return Array.from({ length: Math.max(planned.length, written.length) }, (_, i) => {
    const section = written[i];
    if (!section) return { title: planned[i]!.title, ready: false };
    const ready = served && section.publishedAt !== null;
    return { title: section.title, ready, ...(ready ? {} : { in_review: true as const }) };
  });
}

const nothing = () => ({ topic_id: null, topic_title: null, course_id: null, course_title: null, sections: [], detail: null });

/** GET /users/me/course-request: only the caller's own request is ever read. */
export async function getCourseRequest(userId: number): Promise<CourseRequest> {
  const db = getDb();
  const on = courseWritingOn();
  const [[course], job] = await Promise.all([
    db
      .select({ id: courses.id, title: courses.title, topicId: topics.id, topicTitle: topics.title, status: courses.generationStatus, done: courses.isDetailCreatedByAi, createdAt: courses.createdAt, publication: courses.publication })
      .from(courses)
      .innerJoin(topics, eq(topics.id, courses.topicId))
      .where(eq(courses.requestedBy, userId))
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(1),
    latestRequestJob(userId),
  ]);
  // Without a model nothing is being written: a request still queued from before says so.
  const off = on ? null : COURSE_WRITING_OFF;

  if (job?.topic_id && (!course || job.created_on > course.createdAt)) {
    const topic = { topic_id: job.topic_id, topic_title: job.topic_title };
    if (["created", "retry", "active"].includes(job.state)) return { ...nothing(), ...topic, state: "waiting", model_configured: on, detail: off };
    if (job.state === "failed") return { ...nothing(), ...topic, state: "failed", model_configured: on, detail: GENERATION_FAILED };
  }
  if (!course) return { ...nothing(), state: "none", model_configured: on };

  const served = isServed(course.publication);
  const sections = await sectionsOf(course.id, served);
  const written = course.done || course.status === "done";
  // Written but not all of it approved yet: the learner waits for an admin, not for the model.
  const state = written ? (sections.some((s) => s.in_review) || !served ? "review" : "ready") : course.status === "failed" ? "failed" : "writing";
  return {
    state,
    model_configured: on,
    topic_id: course.topicId,
    topic_title: course.topicTitle,
    course_id: course.id,
    course_title: course.title,
    sections,
    detail: state === "failed" ? GENERATION_FAILED : state === "writing" ? off : null,
  };
}
