import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { fixedStatement, runFixed, type Database, type DatabaseOrTransaction } from "../../../db/client";
import { conceptMastery, type CourseLevel } from "../../../db/schema";
import type { ConceptMastery, MasteryList } from "../review/responses";
import { CATALOGUE_VERSION_SQL, itemServedAs, perCatalogueVersion } from "../../catalogue";
import { levelOf, levelOfRow, type MasteryLevel, masteryOf, roundMastery } from "./model";

/** One concept as GET /users/me/mastery lists it, plus internal extras: the key the concept is stored under, its course's topic and level, and how many answers it has. */
export type ConceptRow = ConceptMastery & { concept_key: string; topic_id: number; course_level: CourseLevel; answers: number };


// Weakest first: struggling, learning, not tried yet, mastered; then by mastery, then course order.
const LEVEL_ORDER: Record<MasteryLevel, number> = { struggling: 0, learning: 1, new: 2, mastered: 3 };

/** SQL for a question's concept key (its section's title when it names none), as conceptKey() in model.ts makes it. */
export const conceptKeySql = (question: string, section: string) =>
  `lower(regexp_replace(trim(coalesce(nullif(trim(${question}.concept), ''), ${section}.title)), '\\s+', ' ', 'g'))`;

/** One concept of a course as the catalogue defines it: what every learner's list of that course holds. */
type CourseConcept = {
  concept_key: string;
  concept: string;
  section_index: number;
  subsection_index: number;
  lesson_title: string | null;
  section_title: string;
};

/*
 * Each course's concepts (from the questions learners are served, each with the earliest lesson
 * that teaches it) are the same for every learner, and they change only with the catalogue: they
 * are kept under the catalogue version (lib/catalogue/courses/catalogue-version.ts), loaded the
 * first time a call needs them, several courses in one statement.
 */
const COURSE_CONCEPTS = fixedStatement(
  "course_concepts",
  `select distinct on (s.course_id, k.key)
       s.course_id, k.key as concept_key, k.text as concept, s.position as section_index,
       coalesce(q.subsection_index, 0) as subsection_index, ss.title as lesson_title, s.title as section_title
     from course_sections s
     join quiz_questions q on q.section_id = s.id
     cross join lateral (
       select coalesce(nullif(trim(q.concept), ''), s.title) as text, ${conceptKeySql("q", "s")} as key
     ) k
     left join course_subsections ss on ss.section_id = s.id and ss.position = coalesce(q.subsection_index, 0)
     -- Only what learners are served (docs/product-rules.md, "Review and publication").
     where s.course_id = any($1::int[]) and s.published_at is not null and ${itemServedAs("q")}
     order by s.course_id, k.key, s.position, coalesce(q.subsection_index, 0), q.position`,
);

const conceptsByCourse = perCatalogueVersion(async () => new Map<number, Promise<CourseConcept[]>>());

/** The concepts of these courses under the catalogue version the caller read, loading those not kept yet. */
export async function courseConcepts(db: Database, version: number, courseIds: number[]): Promise<Map<number, CourseConcept[]>> {
  const kept = await conceptsByCourse.at(db, version);
  const missing = [...new Set(courseIds)].filter((id) => !kept.has(id));
  if (missing.length) {
    const load = runFixed<CourseConcept & { course_id: number }>(db, COURSE_CONCEPTS, [missing]);
    for (const id of missing) {
      const concepts = load.then((rows) => rows.filter((r) => r.course_id === id).map(({ course_id: _c, ...concept }) => concept));
      kept.set(id, concepts);
      concepts.catch(() => kept.delete(id));
    }
  }
  return new Map(await Promise.all(courseIds.map(async (id) => [id, await kept.get(id)!] as const)));
}

type LearnerRow = {
  version: string;
  course_id: number;
  course_title: string;
  topic_id: number;
  course_level: CourseLevel;
  concept_key: string | null;
  rating: number | null;
  answers: number | null;
  last_correct: boolean | null;
  last_answered_at: Date | null;
};

// One round trip: the catalogue version, the learner's published enrolments (their key) in title
// order, and their mastery rows of those courses (concept_mastery's key), one row per mastery row.
const learnerQuery = (courseFilter: string) => `
    select (${CATALOGUE_VERSION_SQL}) as version,
           c.id as course_id, c.title as course_title, c.topic_id, c.level as course_level,
           m.concept_key, m.rating, m.answers, m.last_correct, m.last_answered_at
      from enrollments e
      join courses c on c.id = e.course_id
      left join concept_mastery m on m.user_id = e.user_id and m.course_id = c.id
     where e.user_id = $1 and c.publication = 'published' ${courseFilter}
     order by c.title, c.id`;

// Named statements: PostgreSQL parses and plans each once per connection.
const ALL_COURSES = fixedStatement("learner_mastery_all", learnerQuery(""));
const ONE_COURSE = fixedStatement("learner_mastery_course", learnerQuery("and c.id = $2"));

type MasteryFacts = Pick<LearnerRow, "rating" | "answers" | "last_correct" | "last_answered_at">;

/**
 * Every concept of the learner's enrolled courses (from their quiz questions, each with the
 * earliest subsection that teaches it) with the learner's mastery of it: "new" until answered.
 * Runs on the pool, never in a transaction: the courses' concepts it loads are kept for everyone.
 */
export async function listConceptMastery(db: Database, userId: number, courseId?: number): Promise<ConceptRow[]> {
  const found = await (courseId === undefined ? runFixed<LearnerRow>(db, ALL_COURSES, [userId]) : runFixed<LearnerRow>(db, ONE_COURSE, [userId, courseId]));
  if (!found.length) return [];
  const courses = new Map<number, { row: LearnerRow; mastery: Map<string, MasteryFacts> }>();
  for (const r of found) {
    const course = courses.get(r.course_id) ?? { row: r, mastery: new Map() };
    if (r.concept_key !== null) course.mastery.set(r.concept_key, r);
    courses.set(r.course_id, course);
  }
  const concepts = await courseConcepts(db, Number(found[0]!.version), [...courses.keys()]);
  const rows: ConceptRow[] = [];
  // Courses in title order, as the statement gave them (a Map keeps insertion order).
  for (const [id, { row: course, mastery }] of courses) {
    for (const c of concepts.get(id)!) {
      const m = mastery.get(c.concept_key);
      const answers = m?.answers ?? 0;
      const value = answers ? masteryOf(m!.rating ?? 0) : 0;
      rows.push({
        concept: c.concept,
        course_id: id,
        course_title: course.course_title,
        section_index: c.section_index,
        subsection_index: c.lesson_title === null ? 0 : c.subsection_index,
        lesson_title: c.lesson_title ?? c.section_title,
        mastery: roundMastery(value),
        level: levelOf(value, answers, m?.last_correct ?? true),
        last_answered_at: m?.last_answered_at ? new Date(m.last_answered_at).toISOString() : null,
        concept_key: c.concept_key,
        topic_id: course.topic_id,
        course_level: course.course_level,
        answers,
      });
    }
  }
  // Within each course, weakest first, then in course order, then by concept key, so that the
  // list has one order (a stable sort keeps the courses apart).
  const courseOrder = new Map<number, number>();
  for (const row of rows) if (!courseOrder.has(row.course_id)) courseOrder.set(row.course_id, courseOrder.size);
  return rows.sort(
    (a, b) =>
      courseOrder.get(a.course_id)! - courseOrder.get(b.course_id)! ||
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      a.mastery - b.mastery ||
      a.section_index - b.section_index ||
      a.subsection_index - b.subsection_index ||
      (a.concept_key < b.concept_key ? -1 : a.concept_key > b.concept_key ? 1 : 0),
  );
}

/** The learner's current level of some concepts of one course, by concept key (absent: never answered). */
export async function conceptLevels(db: DatabaseOrTransaction, userId: number, courseId: number, keys: string[]): Promise<Map<string, MasteryLevel>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: conceptMastery.conceptKey, rating: conceptMastery.rating, answers: conceptMastery.answers, lastCorrect: conceptMastery.lastCorrect })
    .from(conceptMastery)
    .where(and(eq(conceptMastery.userId, userId), eq(conceptMastery.courseId, courseId), inArray(conceptMastery.conceptKey, keys)));
  return new Map(rows.map((r) => [r.key, levelOfRow(r)]));
}

/** GET /users/me/mastery: the public shape (no internal keys). */
export async function listMyMastery(db: Database, userId: number): Promise<MasteryList> {
  const rows = await listConceptMastery(db, userId);
  return { concepts: rows.map(({ concept_key: _k, topic_id: _t, course_level: _l, answers: _a, ...concept }) => concept) };
}

/** The concepts that need another look (the latest answer was wrong) across courses, weakest first. */
export function weakestConcepts(rows: ConceptRow[], count: number): ConceptRow[] {
  return rows
    .filter((r) => r.level === "struggling")
    .sort((a, b) => a.mastery - b.mastery || a.course_id - b.course_id)
    .slice(0, count);
}
