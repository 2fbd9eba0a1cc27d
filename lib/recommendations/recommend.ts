import "server-only";
import { and, eq, isNotNull, or } from "drizzle-orm";
import { getDb } from "../../db/client";
import { courses, enrollments, quizAttempts, userTopics } from "../../db/schema";
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

/** GET /recommendations: courses for this learner (the catalogue and their own personal courses), best first (see rankCourses). */
export async function listRecommendations(userId: number): Promise<CourseSummary[]> {
  const db = getDb();
  const [allCourses, chosen, enrolled, passedRows, concepts] = await Promise.all([
    db.query.courses.findMany({ columns: courseSummaryColumns, where: visibleCourses({ id: userId, role: "user" }) }),
    db.select({ topicId: userTopics.topicId }).from(userTopics).where(eq(userTopics.userId, userId)),
    db.select({ courseId: enrollments.courseId }).from(enrollments).where(eq(enrollments.userId, userId)),
    db
      .selectDistinct({ topicId: courses.topicId, level: courses.level })
      .from(courses)
      .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, userId)))
      .leftJoin(quizAttempts, and(eq(quizAttempts.courseId, courses.id), eq(quizAttempts.userId, userId), eq(quizAttempts.passed, true)))
      .where(or(isNotNull(enrollments.completedAt), isNotNull(quizAttempts.id))),
    listConceptMastery(userId),
  ]);
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
  const order = rankCourses({
    courses: allCourses,
    chosenTopics: new Set(chosen.map((c) => c.topicId)),
    enrolledCourses: new Set(enrolled.map((e) => e.courseId)),
    passedLevel,
    strugglingLevel,
  });
  const byId = new Map(allCourses.map((c) => [c.id, c]));
  return order.map((id) => toCourseSummary(byId.get(id)!));
}


/**
 * Recommended Courses: one page of the ranked list. The ranking needs every candidate (it is computed in
 * rankCourses, not in SQL), so the page is cut from the ranked list.
 */
export async function listRecommendationsPage(userId: number, requestedPage: number, pageSize: number): Promise<Page<CourseSummary>> {
  const all = await listRecommendations(userId);
  const { page, totalPages } = clampPage(requestedPage, all.length, pageSize);
  return { items: all.slice((page - 1) * pageSize, page * pageSize), page, totalPages, total: all.length };
}
