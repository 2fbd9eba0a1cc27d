import "server-only";
import { eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Database } from "../../db/client";
import { courses, enrollments, quizAttempts, statsCounters, userTopics } from "../../db/schema";
import { courseSummaryColumns, toCourseSummary, type CourseSummary } from "../courses/serialize";
import { visibleCourses } from "../courses/visibility";
import { listConceptMastery } from "../mastery/list-mastery";
import { clampPage, type Page } from "../pagination";

const LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
type Level = (typeof LEVELS)[number];

export type RankInput = {
  courses: { id: number; topicId: number; level: Level; isDetailCreatedByAi: boolean }[];
  chosenTopics: Set<number>;
  enrolledCourses: Set<number>;
  /** Per topic, the highest level in which the learner passed a quiz, finished a course or mastered every concept of one. */
  passedLevel: Map<number, Level>;
  /** Per topic, the lowest level of a course in which the learner struggles with a concept (lib/mastery). */
  strugglingLevel?: Map<number, Level>;
};

/**
 * Orders the courses a learner is not enrolled in: chosen topics first, then the level that fits
 * (the one after the highest level passed or mastered in that topic; Beginner when nothing is
 * passed yet; but one below the level where they struggle with a concept, so an easier course
 * comes before a harder one while they review), then written courses before ones still
 * generating. Enrolled and completed courses never appear.
 */
export function rankCourses({ courses: all, chosenTopics, enrolledCourses, passedLevel, strugglingLevel = new Map() }: RankInput): number[] {
  const score = (c: RankInput["courses"][number]) => {
    const passed = passedLevel.get(c.topicId);
    const struggling = strugglingLevel.get(c.topicId);
    const target = struggling
      ? Math.max(LEVELS.indexOf(struggling) - 1, 0)
      : passed
        ? Math.min(LEVELS.indexOf(passed) + 1, LEVELS.length - 1)
        : 0;
    const levelFit = 3 - Math.abs(LEVELS.indexOf(c.level) - target);
    return (chosenTopics.size === 0 || chosenTopics.has(c.topicId) ? 100 : 0) + levelFit * 10 + (c.isDetailCreatedByAi ? 1 : 0);
  };
  return all
    .filter((c) => !enrolledCourses.has(c.id))
    .map((c) => ({ id: c.id, s: score(c) }))
    .sort((a, b) => b.s - a.s || a.id - b.id)
    .map((c) => c.id);
}

type Candidate = RankInput["courses"][number];

const candidateColumns = { id: courses.id, topicId: courses.topicId, level: courses.level, isDetailCreatedByAi: courses.isDetailCreatedByAi };

/*
 * The catalogue's candidates (every course not written for one learner) are the same for every
 * learner and change rarely: each process keeps them with the catalogue version that a trigger
 * on courses moves on every write (stats_counters 'courses_version', migration
 * 0006_admin_summaries). The version is read on every call, so the copy is never stale.
 */
const catalogues = new WeakMap<Database, { version: number; candidates: Promise<Candidate[]> }>();

async function catalogueCandidates(): Promise<Candidate[]> {
  const db = getDb();
  const [row] = await db
    .select({ version: sql<string>`coalesce(sum(${statsCounters.value}), 0)` })
    .from(statsCounters)
    .where(eq(statsCounters.name, "courses_version"));
  const version = Number(row?.version ?? 0);
  const cached = catalogues.get(db);
  if (cached?.version === version) return cached.candidates;
  // Read after the version: the copy is at least as new as the version it is kept under.
  // One load shared by the calls that arrive meanwhile (a query builder would run again for each await).
  const entry = { version, candidates: Promise.resolve(db.select(candidateColumns).from(courses).where(isNull(courses.requestedBy))) };
  catalogues.set(db, entry);
  entry.candidates.catch(() => {
    if (catalogues.get(db) === entry) catalogues.delete(db);
  });
  return entry.candidates;
}

/*
 * The ranking reads only what rankCourses needs (ids, topics, levels) for every candidate, and the
 * learner's own rows through their indexes; full course summaries are read for the courses shown.
 */
async function rankedCourseIds(userId: number): Promise<number[]> {
  const db = getDb();
  const [catalogue, personal, chosen, enrolled, passedRows, concepts] = await Promise.all([
    catalogueCandidates(),
    db.select(candidateColumns).from(courses).where(eq(courses.requestedBy, userId)),
    db.select({ topicId: userTopics.topicId }).from(userTopics).where(eq(userTopics.userId, userId)),
    db.select({ courseId: enrollments.courseId }).from(enrollments).where(eq(enrollments.userId, userId)),
    // The courses the learner finished or passed a quiz of: their completed enrolments and passed attempts first, then those courses.
    db
      .selectDistinct({ topicId: courses.topicId, level: courses.level })
      .from(courses)
      .where(
        inArray(
          courses.id,
          sql`(SELECT ${enrollments.courseId} FROM ${enrollments} WHERE ${enrollments.userId} = ${userId} AND ${enrollments.completedAt} IS NOT NULL
               UNION SELECT ${quizAttempts.courseId} FROM ${quizAttempts} WHERE ${quizAttempts.userId} = ${userId} AND ${quizAttempts.passed})`,
        ),
      ),
    listConceptMastery(userId),
  ]);
  const candidates = personal.length ? [...catalogue, ...personal] : catalogue;
  const passedLevel = new Map<number, Level>();
  const raise = (topicId: number, level: Level) => {
    const current = passedLevel.get(topicId);
    if (!current || LEVELS.indexOf(level) > LEVELS.indexOf(current)) passedLevel.set(topicId, level);
  };
  for (const row of passedRows) raise(row.topicId, row.level);
  // Mastery: every concept of a course mastered counts as that level done; a struggling concept
  // holds the topic back to an easier level.
  const strugglingLevel = new Map<number, Level>();
  const byCourse = new Map<number, typeof concepts>();
  for (const c of concepts) byCourse.set(c.course_id, [...(byCourse.get(c.course_id) ?? []), c]);
  for (const rows of byCourse.values()) {
    const { topic_id: topicId, course_level: level } = rows[0]!;
    if (rows.every((c) => c.level === "mastered")) raise(topicId, level);
    const current = strugglingLevel.get(topicId);
    if (rows.some((c) => c.level === "struggling") && (!current || LEVELS.indexOf(level) < LEVELS.indexOf(current))) strugglingLevel.set(topicId, level);
  }
  return rankCourses({
    courses: candidates,
    chosenTopics: new Set(chosen.map((c) => c.topicId)),
    enrolledCourses: new Set(enrolled.map((e) => e.courseId)),
    passedLevel,
    strugglingLevel,
  });
}

/** These courses' summaries, in this order (one deleted meanwhile is left out); `all`: they are every course the learner may see. */
async function summariesInOrder(ids: number[], all?: { userId: number }): Promise<CourseSummary[]> {
  if (!ids.length) return [];
  const where = all ? visibleCourses({ id: all.userId, role: "user" }) : inArray(courses.id, ids);
  const rows = await getDb().query.courses.findMany({ columns: courseSummaryColumns, where });
  const byId = new Map(rows.map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const course = byId.get(id);
    return course ? [toCourseSummary(course)] : [];
  });
}

/** Courses for this learner (the catalogue and their own personal courses), best first (see rankCourses). */
export async function listRecommendations(userId: number): Promise<CourseSummary[]> {
  return summariesInOrder(await rankedCourseIds(userId), { userId });
}

/** GET /recommendations: `limit` courses from `offset` of the ranked list, and the list's length. */
export async function listRecommendationsRange(userId: number, offset: number, limit: number): Promise<{ items: CourseSummary[]; total: number }> {
  const ids = await rankedCourseIds(userId);
  return { items: await summariesInOrder(ids.slice(offset, offset + limit)), total: ids.length };
}

/**
 * Recommended Courses: one page of the ranked list (clamped to the last page). The ranking needs every
 * candidate (it is computed in rankCourses, not in SQL); only the page's courses are read in full.
 */
export async function listRecommendationsPage(userId: number, requestedPage: number, pageSize: number): Promise<Page<CourseSummary>> {
  const ids = await rankedCourseIds(userId);
  const { page, totalPages } = clampPage(requestedPage, ids.length, pageSize);
  return { items: await summariesInOrder(ids.slice((page - 1) * pageSize, page * pageSize)), page, totalPages, total: ids.length };
}
