import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../../db/client";
import { conceptMastery, type CourseLevel } from "../../../db/schema";
import type { ConceptMastery, MasteryList } from "../review/responses";
import { itemServedAs } from "../../catalogue";
import { levelOf, levelOfRow, type MasteryLevel, masteryOf, roundMastery } from "./model";

/** One concept as GET /users/me/mastery lists it, plus internal extras: the key the concept is stored under, its course's topic and level, and how many answers it has. */
export type ConceptRow = ConceptMastery & { concept_key: string; topic_id: number; course_level: CourseLevel; answers: number };

type Row = {
  course_id: number;
  course_title: string;
  topic_id: number;
  course_level: CourseLevel;
  concept_key: string;
  concept: string;
  section_index: number;
  subsection_index: number;
  lesson_title: string | null;
  section_title: string | null;
  rating: number | null;
  answers: number | null;
  last_correct: boolean | null;
  last_answered_at: Date | string | null;
};

// Weakest first: struggling, learning, not tried yet, mastered; then by mastery, then course order.
const LEVEL_ORDER: Record<MasteryLevel, number> = { struggling: 0, learning: 1, new: 2, mastered: 3 };

/** SQL for a question's concept key (its section's title when it names none), as conceptKey() in model.ts makes it. */
export const conceptKeySql = (question: string, section: string) =>
  `lower(regexp_replace(trim(coalesce(nullif(trim(${question}.concept), ''), ${section}.title)), '\\s+', ' ', 'g'))`;

const conceptsQuery = (courseFilter: string) => `
    with concepts as (
      select distinct on (c.id, k.key)
        c.id as course_id, c.title as course_title, c.topic_id, c.level as course_level, k.key as concept_key, k.text as concept,
        s.position as section_index, coalesce(q.subsection_index, 0) as subsection_index
      from enrollments e
      join courses c on c.id = e.course_id
      join course_sections s on s.course_id = c.id
      join quiz_questions q on q.section_id = s.id
      cross join lateral (
        select coalesce(nullif(trim(q.concept), ''), s.title) as text,
               ${conceptKeySql("q", "s")} as key
      ) k
      -- Only what learners are served (docs/product-rules.md, "Review and publication").
      where e.user_id = $1 and c.publication = 'published' and s.published_at is not null and ${itemServedAs("q")} ${courseFilter}
      order by c.id, k.key, s.position, coalesce(q.subsection_index, 0), q.position
    )
    select concepts.*, m.rating, m.answers, m.last_correct, m.last_answered_at, ss.title as lesson_title, s2.title as section_title
    from concepts
    left join concept_mastery m on m.user_id = $1 and m.course_id = concepts.course_id and m.concept_key = concepts.concept_key
    left join course_sections s2 on s2.course_id = concepts.course_id and s2.position = concepts.section_index
    left join course_subsections ss on ss.section_id = s2.id and ss.position = concepts.subsection_index
    order by concepts.course_title, concepts.course_id`;

// Named statements: PostgreSQL parses and plans each once per connection.
const ALL_COURSES = fixedStatement("concept_mastery_all", conceptsQuery(""));
const ONE_COURSE = fixedStatement("concept_mastery_course", conceptsQuery("and c.id = $2"));

/**
 * Every concept of the learner's enrolled courses (from their quiz questions, each with the
 * earliest subsection that teaches it) with the learner's mastery of it: "new" until answered.
 * One query: the enrolment index, the questions of those courses, the learner's mastery rows
 * by primary key.
 */
export async function listConceptMastery(db: DatabaseOrTransaction, userId: number, courseId?: number): Promise<ConceptRow[]> {
  const found = await (courseId === undefined ? runFixed<Row>(db, ALL_COURSES, [userId]) : runFixed<Row>(db, ONE_COURSE, [userId, courseId]));
  const rows = found.map((r): ConceptRow => {
    const answers = r.answers ?? 0;
    const mastery = answers ? masteryOf(r.rating ?? 0) : 0;
    return {
      concept: r.concept,
      course_id: r.course_id,
      course_title: r.course_title,
      section_index: r.section_index,
      subsection_index: r.lesson_title === null ? 0 : r.subsection_index,
      lesson_title: r.lesson_title ?? r.section_title ?? r.concept,
      mastery: roundMastery(mastery),
      level: levelOf(mastery, answers, r.last_correct ?? true),
      last_answered_at: r.last_answered_at ? new Date(r.last_answered_at).toISOString() : null,
      concept_key: r.concept_key,
      topic_id: r.topic_id,
      course_level: r.course_level,
      answers,
    };
  });
  // Courses come in title order from the query; within each, weakest first (a stable sort keeps the courses apart).
  const courseOrder = new Map<number, number>();
  for (const row of rows) if (!courseOrder.has(row.course_id)) courseOrder.set(row.course_id, courseOrder.size);
  return rows.sort(
    (a, b) =>
      courseOrder.get(a.course_id)! - courseOrder.get(b.course_id)! ||
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      a.mastery - b.mastery ||
      a.section_index - b.section_index ||
      a.subsection_index - b.subsection_index,
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
export async function listMyMastery(db: DatabaseOrTransaction, userId: number): Promise<MasteryList> {
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
