import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb, getPool } from "../../db/client";
import { courses } from "../../db/schema";
import { perCatalogueVersion } from "../courses/catalogue-version";
import { courseSummaryColumns, toCourseSummary, type CourseSummary } from "../courses/serialize";
import { conceptKeySql } from "../mastery/list-mastery";
import { levelOf, masteryOf } from "../mastery/model";
import { clampPage, type Page } from "../pagination";
import { indexCandidates, levelIndex, rankRange, type Candidate, type CandidateIndex, type LearnerFacts, type Level } from "./rank";

/*
 * Recommendations at scale: per call, one read of the catalogue version, one statement for the
 * learner's facts (chosen topics, enrolments, passed levels, concept mastery: each through the
 * learner's own index entries) and one for their personal courses; the ranking walks only the
 * page's share of the candidates (rank.ts). What is the same for every learner (the catalogue's
 * candidates and summaries, each course's concepts) is kept per process under the catalogue
 * version (lib/courses/catalogue-version.ts), so it is never stale.
 */

type Catalogue = {
  index: CandidateIndex;
  summaries: Map<number, CourseSummary>;
  /** Each course's concept keys (from its quiz questions), loaded the first time a learner's mastery needs them. */
  concepts: Map<number, Promise<Set<string>>>;
};

const currentCatalogue = perCatalogueVersion(async (db): Promise<Catalogue> => {
  // Every course not written for one learner: the same candidates for everyone.
  const rows = await db.query.courses.findMany({ columns: courseSummaryColumns, where: (c, { isNull }) => isNull(c.requestedBy) });
  return {
    index: indexCandidates(rows.map(candidateOf)),
    summaries: new Map(rows.map((c) => [c.id, toCourseSummary(c)])),
    concepts: new Map(),
  };
});

const candidateOf = (c: { id: number; topicId: number; level: Level; isDetailCreatedByAi: boolean }): Candidate => ({
  id: c.id,
  topicId: c.topicId,
  level: c.level,
  isDetailCreatedByAi: c.isDetailCreatedByAi,
});

async function conceptKeys(catalogue: Catalogue, courseIds: number[]): Promise<Map<number, Set<string>>> {
  const missing = courseIds.filter((id) => !catalogue.concepts.has(id));
  if (missing.length) {
    const load = getPool().query<{ course_id: number; key: string }>({
      name: "recommendation_concepts",
      text: `select distinct s.course_id, ${conceptKeySql("q", "s")} as key
             from course_sections s join quiz_questions q on q.section_id = s.id where s.course_id = any($1::int[])`,
      values: [missing],
    });
    for (const id of missing) {
      const keys = load.then(({ rows }) => new Set(rows.filter((r) => r.course_id === id).map((r) => r.key)));
      catalogue.concepts.set(id, keys);
      keys.catch(() => catalogue.concepts.delete(id));
    }
  }
  return new Map(await Promise.all(courseIds.map(async (id) => [id, await catalogue.concepts.get(id)!] as const)));
}

type FactRow = { kind: "chosen" | "enrolled" | "passed" | "concept"; id: number; topic_id: number | null; level: Level | null; concept_key: string | null; rating: number | null; answers: number | null };

/*
 * The learner's facts in one statement, each part on the learner's own index entries: chosen
 * topics (user_topics' key), enrolments (enrollments' key), the highest level passed per topic
 * (completed enrolments and passed quiz attempts, quiz_attempts_user_course_section_idx) and the
 * concept mastery of enrolled courses (concept_mastery's key), with those courses' topic and level.
 */
const LEARNER_FACTS = {
  name: "recommendation_learner_facts",
  text: `
    select 'chosen' as kind, topic_id as id, null::int as topic_id, null::course_level as level, null as concept_key, null::float8 as rating, null::int as answers
      from user_topics where user_id = $1
    union all
    select 'enrolled', course_id, null, null, null, null, null from enrollments where user_id = $1
    union all
    select 'passed', c.topic_id, null, max(c.level), null, null, null
      from courses c
     where c.id in (select course_id from enrollments where user_id = $1 and completed_at is not null
                    union select course_id from quiz_attempts where user_id = $1 and passed)
     group by c.topic_id
    union all
    select 'concept', m.course_id, c.topic_id, c.level, m.concept_key, m.rating, m.answers
      from concept_mastery m
      join enrollments e on e.user_id = m.user_id and e.course_id = m.course_id
      join courses c on c.id = m.course_id
     where m.user_id = $1`,
};

async function learnerFacts(userId: number, catalogue: Promise<Catalogue>): Promise<LearnerFacts> {
  const { rows } = await getPool().query<FactRow>({ ...LEARNER_FACTS, values: [userId] });
  const facts = { chosenTopics: new Set<number>(), enrolledCourses: new Set<number>(), passedLevel: new Map<number, Level>(), strugglingLevel: new Map<number, Level>() };
  const raise = (topicId: number, level: Level) => {
    const current = facts.passedLevel.get(topicId);
    if (!current || levelIndex(level) > levelIndex(current)) facts.passedLevel.set(topicId, level);
  };
  const mastery = new Map<number, { topicId: number; level: Level; byKey: Map<string, FactRow> }>();
  for (const row of rows) {
    if (row.kind === "chosen") facts.chosenTopics.add(row.id);
    else if (row.kind === "enrolled") facts.enrolledCourses.add(row.id);
    else if (row.kind === "passed") raise(row.id, row.level!);
    else {
      const course = mastery.get(row.id) ?? { topicId: row.topic_id!, level: row.level!, byKey: new Map() };
      course.byKey.set(row.concept_key!, row);
      mastery.set(row.id, course);
    }
  }
  if (!mastery.size) return facts;
  // Mastery, as GET /users/me/mastery reports it: every concept of a course's questions, "new"
  // until answered. All of them mastered counts as that level done; one struggling holds the
  // topic back to an easier level. A row for a concept the questions no longer name is not counted.
  const concepts = await conceptKeys(await catalogue, [...mastery.keys()]);
  for (const [courseId, { topicId, level, byKey }] of mastery) {
    const levels = [...concepts.get(courseId)!].map((key) => {
      const row = byKey.get(key);
      return levelOf(row ? masteryOf(row.rating ?? 0) : 0, row?.answers ?? 0);
    });
    if (!levels.length) continue;
    if (levels.every((l) => l === "mastered")) raise(topicId, level);
    const current = facts.strugglingLevel.get(topicId);
    if (levels.includes("struggling") && (!current || levelIndex(level) < levelIndex(current))) facts.strugglingLevel.set(topicId, level);
  }
  return facts;
}

/** `limit` course summaries of the ranked list from `offset`, and the list's length. */
async function rankedSummaries(userId: number, offset: number, limit: number): Promise<{ items: CourseSummary[]; total: number }> {
  const catalogue = currentCatalogue();
  const [{ index, summaries }, facts, personal] = await Promise.all([
    catalogue,
    learnerFacts(userId, catalogue),
    getDb().query.courses.findMany({ columns: courseSummaryColumns, where: eq(courses.requestedBy, userId), orderBy: asc(courses.id) }),
  ]);
  const { ids, total } = rankRange(index, personal.map(candidateOf), facts, offset, limit);
  const own = new Map(personal.map((c) => [c.id, toCourseSummary(c)]));
  return { items: ids.map((id) => own.get(id) ?? summaries.get(id)!), total };
}

/** Courses for this learner (the catalogue and their own personal courses), best first (see rankCourses in rank.ts). */
export async function listRecommendations(userId: number): Promise<CourseSummary[]> {
  return (await rankedSummaries(userId, 0, Infinity)).items;
}

/** GET /recommendations: `limit` courses from `offset` of the ranked list, and the list's length. */
export async function listRecommendationsRange(userId: number, offset: number, limit: number): Promise<{ items: CourseSummary[]; total: number }> {
  return rankedSummaries(userId, offset, limit);
}

/** Recommended Courses: one page of the ranked list (clamped to the last page). */
export async function listRecommendationsPage(userId: number, requestedPage: number, pageSize: number): Promise<Page<CourseSummary>> {
  // The page is clamped against the list's length, which the first call tells: past the end, ask again for the last page.
  const asked = clampPage(requestedPage, Infinity, pageSize).page;
  const first = await rankedSummaries(userId, (asked - 1) * pageSize, pageSize);
  const { page, totalPages } = clampPage(requestedPage, first.total, pageSize);
  const items = page === asked ? first.items : (await rankedSummaries(userId, (page - 1) * pageSize, pageSize)).items;
  return { items, page, totalPages, total: first.total };
}
