import "server-only";
import { fixedStatement, runFixed, type Database } from "../../../db/client";
import { CATALOGUE_VERSION_SQL, perCatalogueVersion, courseSummaryColumns, toCourseSummary, courseServed } from "../../catalogue";
import { courseConcepts } from "../mastery/list-mastery";
import { levelOfRow } from "../mastery/model";
import { loadPage, type Page, type ListRange, type Slice } from "../../platform/pagination";
import type { CourseSummary } from "../../catalogue";
import { indexCandidates, levelIndex, rankRange, type Candidate, type CandidateIndex, type LearnerFacts, type Level } from "./rank";

/*
 * Recommendations at scale: per call, one statement reads the catalogue version and the
 * learner's facts (chosen topics, enrolments, passed levels, concept mastery: each through the
 * learner's own index entries), and the ranking walks only the page's share of
 * the candidates (rank.ts). What is the same for every learner (the catalogue's candidates and
 * summaries, each course's concepts as the learner's mastery list has them) is kept per process
 * under the catalogue version (lib/catalogue/courses/catalogue-version.ts), so it is never stale.
 */

type Catalogue = {
  index: CandidateIndex;
  summaries: Map<number, CourseSummary>;
};

const currentCatalogue = perCatalogueVersion(async (db): Promise<Catalogue> => {
  // Every published course not written for one learner, and not failed: the same candidates for
  // everyone. A learner's own courses are in their My Learning, never recommended (docs/product-rules.md, "Course requests").
  const rows = await db.query.courses.findMany({
    columns: courseSummaryColumns,
    where: (c, { and, isNull, ne }) => and(isNull(c.requestedBy), courseServed, ne(c.generationStatus, "failed")),
  });
  const summaries = rows.map((c) => toCourseSummary(c));
  return { index: indexCandidates(summaries.map(candidateOf)), summaries: new Map(summaries.map((c) => [c.id, c])) };
});

const candidateOf = (c: CourseSummary): Candidate => ({ id: c.id, topicId: c.topic_id, level: c.course_level, isDetailCreatedByAi: c.is_detail_created_by_ai });

type MasteryRow = { course_id: number; topic_id: number; level: Level; concept_key: string; rating: number; answers: number; last_correct: boolean };
type FactsRow = {
  version: string;
  chosen: number[];
  enrolled: number[];
  passed: { topic_id: number; level: Level }[] | null;
  mastery: MasteryRow[] | null;
};

/*
 * Everything a call reads, in one statement (one round trip), each part through the learner's
 * own index entries: the catalogue version, chosen topics (user_topics' key), enrolments
 * (enrollments' key), the highest level passed per topic (completed enrolments, passed quiz
 * attempts by quiz_attempts_user_course_section_idx, then those courses by key), the concept
 * mastery of enrolled courses (concept_mastery's key).
 */
const LEARNER_FACTS = fixedStatement(
  "recommendation_learner_facts",
  `
    select
      (${CATALOGUE_VERSION_SQL}) as version,
      array(select topic_id from user_topics where user_id = $1) as chosen,
      array(select course_id from enrollments where user_id = $1) as enrolled,
      (select json_agg(json_build_object('topic_id', topic_id, 'level', level)) from (
         select c.topic_id, max(c.level) as level
           from unnest(array(select course_id from enrollments where user_id = $1 and completed_at is not null
                             union select course_id from quiz_attempts where user_id = $1 and passed)) as p(id)
           join courses c on c.id = p.id
          group by c.topic_id) t) as passed,
      (select json_agg(json_build_object('course_id', m.course_id, 'topic_id', c.topic_id, 'level', c.level, 'concept_key', m.concept_key, 'rating', m.rating, 'answers', m.answers, 'last_correct', m.last_correct))
         from concept_mastery m
         join enrollments e on e.user_id = m.user_id and e.course_id = m.course_id
         join courses c on c.id = m.course_id
        where m.user_id = $1) as mastery`,
);

/** The learner's facts for the ranking; mastery, as GET /users/me/mastery reports it, needs the catalogue's concepts. */
async function learnerFacts(db: Database, row: FactsRow): Promise<LearnerFacts> {
  const facts = { chosenTopics: new Set(row.chosen), enrolledCourses: new Set(row.enrolled), passedLevel: new Map<number, Level>(), strugglingLevel: new Map<number, Level>() };
  const raise = (topicId: number, level: Level) => {
    const current = facts.passedLevel.get(topicId);
    if (!current || levelIndex(level) > levelIndex(current)) facts.passedLevel.set(topicId, level);
  };
  for (const { topic_id, level } of row.passed ?? []) raise(topic_id, level);
  if (!row.mastery) return facts;
  const mastery = new Map<number, { topicId: number; level: Level; byKey: Map<string, MasteryRow> }>();
  for (const m of row.mastery) {
    const course = mastery.get(m.course_id) ?? { topicId: m.topic_id, level: m.level, byKey: new Map() };
    course.byKey.set(m.concept_key, m);
    mastery.set(m.course_id, course);
  }
  // Every concept of a course's questions, "new" until answered: all of them mastered counts as
  // that level done; one struggling holds the topic back to an easier level. A row for a concept
  // the questions no longer name is not counted.
  const concepts = await courseConcepts(db, Number(row.version), [...mastery.keys()]);
  for (const [courseId, { topicId, level, byKey }] of mastery) {
    const levels = concepts.get(courseId)!.map(({ concept_key }) => {
      const m = byKey.get(concept_key);
      return m ? levelOfRow({ rating: m.rating, answers: m.answers, lastCorrect: m.last_correct }) : "new";
    });
    if (!levels.length) continue;
    if (levels.every((l) => l === "mastered")) raise(topicId, level);
    const current = facts.strugglingLevel.get(topicId);
    if (levels.includes("struggling") && (!current || levelIndex(level) < levelIndex(current))) facts.strugglingLevel.set(topicId, level);
  }
  return facts;
}

/** `limit` course summaries of the ranked list from `offset`, and the list's length. */
async function rankedSummaries(db: Database, userId: number, offset: number, limit: number): Promise<Slice<CourseSummary>> {
  const row = (await runFixed<FactsRow>(db, LEARNER_FACTS, [userId]))[0]!;
  const catalogue = await currentCatalogue.at(db, Number(row.version));
  const { ids, total } = rankRange(catalogue.index, [], await learnerFacts(db, row), offset, limit);
  return { items: ids.map((id) => catalogue.summaries.get(id)!), total };
}

/** Catalogue courses for this learner, best first (see rankCourses in rank.ts). */
export async function listRecommendations(db: Database, userId: number): Promise<CourseSummary[]> {
  return (await rankedSummaries(db, userId, 0, Infinity)).items;
}

/** GET /recommendations: part of the ranked list, and the list's length (the ranking walks only that part: rank.ts rankRange). */
export async function listRecommendationsRange(db: Database, userId: number, range: ListRange): Promise<Slice<CourseSummary>> {
  return rankedSummaries(db, userId, range.offset, range.limit);
}

/** Recommended Courses: one page of the ranked list (clamped to the last page). */
export async function listRecommendationsPage(db: Database, userId: number, requestedPage: number, pageSize: number): Promise<Page<CourseSummary>> {
  return loadPage(requestedPage, pageSize, (range) => listRecommendationsRange(db, userId, range));
}
