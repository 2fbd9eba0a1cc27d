import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { preparedQuery, type DatabaseOrTransaction, type Transaction } from "../../../db/client";
import { courseSections, courses, enrollments, generationSections, quizAttempts, quizQuestions } from "../../../db/schema";
import { KeyedCache } from "../../platform/cache/memo";
import { AppError } from "../../platform/http/app-error";
import type { CourseShape } from "../course-shape/progress";
import { lessonMinutes } from "./duration";
import { COURSE_NOT_FOUND } from "./visibility";

/**
 * `ready`: the section's content is written (a section still being written has its planned
 * subsection titles and no content); `quizReady`: its quiz questions are in.
 */
type CourseSections = {
  id: number | null;
  position: number;
  title: string;
  ready: boolean;
  quizReady: boolean;
  /** Approved for learners (docs/product-rules.md, "Review and publication"); learner reads go through lib/catalogue/publication/served.ts. */
  published: boolean;
  /** `minutes`: the lesson's reading time (lib/catalogue/courses/duration.ts); null while its section is being written. */
  subsections: { title: string; content: string; minutes: number | null }[];
}[];

// Finished courses only: their content changes only through a new generation run, which moves
// the row's status, attempt or updated_at first, and so the key.
const contentCache = new KeyedCache<CourseSections>(200, 10 * 60_000);

const courseById = preparedQuery((db) => db.select().from(courses).where(eq(courses.id, sql.placeholder("id"))).prepare("course_by_id"));

async function loadSections(db: DatabaseOrTransaction, courseId: number, finished: boolean): Promise<CourseSections> {
  const written = await db.query.courseSections.findMany({
    where: eq(courseSections.courseId, courseId),
    orderBy: (s, { asc }) => asc(s.position),
    columns: { id: true, position: true, title: true, publishedAt: true },
    with: { subsections: { orderBy: (s, { asc }) => asc(s.position), columns: { title: true, content: true } } },
  });
  const timed = written.map(({ publishedAt, ...s }) => ({ ...s, published: publishedAt !== null, subsections: s.subsections.map((sub) => ({ ...sub, minutes: lessonMinutes(sub.content) })) }));
  if (finished) return timed.map((s) => ({ ...s, ready: true, quizReady: true }));
  // While a course is generated its sections appear one by one: the rest of its outline stands in
  // for them, so the course has its final shape (and progress its final scale) from the start.
  const [planned, quizzed] = await Promise.all([
    db.select().from(generationSections).where(eq(generationSections.courseId, courseId)).orderBy(asc(generationSections.position)),
    written.length
      ? db.selectDistinct({ id: quizQuestions.sectionId }).from(quizQuestions).where(inArray(quizQuestions.sectionId, written.map((s) => s.id)))
      : Promise.resolve([]),
  ]);
  const withQuiz = new Set(quizzed.map((q) => q.id));
  return [
    ...timed.map((s) => ({ ...s, ready: true, quizReady: withQuiz.has(s.id) })),
    ...planned
      .filter((p) => p.position >= written.length)
      .map((p) => ({ id: null, position: p.position, title: p.title, ready: false, quizReady: false, published: false, subsections: p.subsectionTitles.map((title) => ({ title, content: "", minutes: null })) })),
  ];
}

/**
 * A course with its sections and subsections in order. The course row is read every time (it is
 * one indexed row and says whether the content changed); a finished course's sections come from
 * the in-process cache after the first read.
 */
export async function loadCourseContent(db: DatabaseOrTransaction, courseId: number) {
  const [row] = await courseById(db).execute({ id: courseId });
  if (!row) throw new AppError("not_found", COURSE_NOT_FOUND);
  const finished = row.generationStatus === "done";
  const key = `${row.generationAttempt}:${row.updatedAt.getTime()}`;
  let sections = finished ? contentCache.get(courseId, key) : undefined;
  if (!sections) {
    sections = await loadSections(db, courseId, finished);
    if (finished) contentCache.set(courseId, key, sections);
  }
  const course = { ...row, sections };
  const shape: CourseShape = sections.map((s) => s.subsections.length);
  return { course, shape };
}

export type LearnerState = {
  enrolled: boolean;
  progress: number;
  furthestUnit: number;
  passedSections: Set<number>;
  failedSections: Set<number>;
};

const enrollmentOf = preparedQuery((db) =>
  db
    .select({ progress: enrollments.progress, furthestUnit: enrollments.furthestUnit })
    .from(enrollments)
    .where(and(eq(enrollments.userId, sql.placeholder("userId")), eq(enrollments.courseId, sql.placeholder("courseId"))))
    .prepare("enrollment_of"),
);

const quizRecordOf = preparedQuery((db) =>
  db
    .select({ sectionIndex: quizAttempts.sectionIndex, passed: sql<boolean>`bool_or(${quizAttempts.passed})` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, sql.placeholder("userId")), eq(quizAttempts.courseId, sql.placeholder("courseId"))))
    .groupBy(quizAttempts.sectionIndex)
    .prepare("quiz_record_of"),
);

/** The learner's enrolment and quiz record for one course. */
export async function loadLearnerState(db: DatabaseOrTransaction, userId: number, courseId: number): Promise<LearnerState> {
  const [[enrollment], attempts] = await Promise.all([enrollmentOf(db).execute({ userId, courseId }), quizRecordOf(db).execute({ userId, courseId })]);
  return {
    enrolled: Boolean(enrollment),
    progress: enrollment?.progress ?? 0,
    furthestUnit: enrollment?.furthestUnit ?? 0,
    passedSections: new Set(attempts.filter((a) => a.passed).map((a) => a.sectionIndex)),
    failedSections: new Set(attempts.filter((a) => !a.passed).map((a) => a.sectionIndex)),
  };
}

/**
 * A course's `updated_at` moved on, never in place (even twice in one millisecond): a finished
 * course's content is cached per process under it, so every reader sees a change at once.
 */
export const courseTouched = sql`greatest(now(), updated_at + interval '1 millisecond')`;

/** Moves a course's `updated_at` on (courseTouched), in the caller's transaction. */
export async function touchCourse(tx: Transaction, courseId: number): Promise<void> {
  await tx.update(courses).set({ updatedAt: courseTouched }).where(eq(courses.id, courseId));
}
