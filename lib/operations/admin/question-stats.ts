import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";
import { containsPattern } from "../../platform/search/like-pattern";
import type { QuestionSortField, QuestionStatsQuery, SortOrder } from "./schemas";
import type { QuestionFlag, QuestionStats } from "./responses";

/*
 * The Questions panel: how each quiz question fares, from the answers stored per question
 * (quiz_answers, one row per question of an attempt; see lib/practice/quizzes/submit-attempt.ts).
 * - attempts: how many times the question was answered (a skip counts, as a wrong answer);
 * - learners: how many learners answered it at least once; first_try_correct_rate: the share of
 *   them whose first answer was right (percent, one decimal; null before anyone answered);
 * - most_chosen_wrong: the wrong option picked most often (skips are not an option);
 * - flag: 'almost_everyone_misses' or 'almost_nobody_misses', by the first-try rate, once enough
 *   learners tried it (the thresholds: db/question-flags.ts).
 * The figures are kept per question by triggers in the same transaction as each answer
 * (question_stats, with the flag as a generated column using those thresholds, and
 * question_wrong_options; migration 0006_admin_summaries), so a page reads its rows through
 * question_stats_rank_idx instead of aggregating every answer.
 * Searching (part of the question's text, through quiz_questions_question_trgm_idx), filtering by
 * topic or course, or sorting by another column takes the filtered path (filteredPage): one joined
 * query whose page and total come from the same scan (docs/product-rules.md, Admin screens).
 */

export { EASY_ABOVE, FLAG_MIN_LEARNERS, HARD_BELOW } from "../../../db/question-flags";

type Row = {
  id: number;
  question: string;
  correct_answer: string;
  course_id: number;
  course_title: string;
  section_index: number;
  section_title: string;
  attempts: number;
  learners: number;
  first_correct: number;
  wrong_option: string | null;
  wrong_count: number | null;
  flag: QuestionFlag | null;
};

// Written against the rank index's first column (unflagged = flag IS NULL), so every filter is an index range.
function flagFilter(flag: QuestionStatsQuery["flag"]) {
  if (flag === "flagged") return sql`NOT unflagged`;
  if (flag) return sql`NOT unflagged AND flag = ${flag}`;
  return sql`TRUE`;
}

/** A position in the rank index's order: flagged first (unflagged false), then attempts, most first. */
type RankKey = { unflagged: boolean; attempts: number };

function rankBefore(key: RankKey) {
  return key.unflagged
    ? sql`(NOT unflagged OR (unflagged AND attempts > ${key.attempts}))`
    : sql`(NOT unflagged AND attempts > ${key.attempts})`;
}

function rankBetween(first: RankKey, last: RankKey) {
  return first.unflagged === last.unflagged
    ? sql`(unflagged = ${first.unflagged} AND attempts BETWEEN ${last.attempts} AND ${first.attempts})`
    : sql`((NOT unflagged AND attempts <= ${first.attempts}) OR (unflagged AND attempts >= ${last.attempts}))`;
}

/*
 * The order is flagged first, then by attempts, then by course, section and position. The rank
 * index gives the page's first and last (flagged, attempts) keys by walking offset + limit
 * entries; the rows between those keys (ties included) are the only ones joined and sorted in
 * full, after skipping those of the first key's ties that come before the page.
 */
async function queryPage(db: DatabaseOrTransaction, limit: number, offset: number, flag: QuestionStatsQuery["flag"]): Promise<Row[]> {
  const keys = await db.execute<RankKey>(sql`
    SELECT unflagged, attempts FROM question_stats
    WHERE ${flagFilter(flag)}
    ORDER BY unflagged, attempts DESC
    LIMIT ${limit} OFFSET ${offset}
  `);
  const first = keys.rows[0];
  const last = keys.rows.at(-1);
  if (!first || !last) return [];
  const result = await db.execute<Row>(sql`
    WITH page AS (
      SELECT q.id, q.question, q.correct_answer, q.position,
             c.id AS course_id, c.title AS course_title, s.position AS section_index, s.title AS section_title,
             st.attempts, st.learners, st.first_correct, st.flag, st.unflagged
      FROM question_stats st
      JOIN quiz_questions q ON q.id = st.question_id
      JOIN course_sections s ON s.id = q.section_id
      JOIN courses c ON c.id = s.course_id
      WHERE ${flagFilter(flag)} AND ${rankBetween(first, last)}
      ORDER BY st.unflagged, st.attempts DESC, c.title, c.id, s.position, q.position, q.id
      LIMIT ${limit}
      OFFSET ${offset} - (SELECT count(*) FROM question_stats WHERE ${flagFilter(flag)} AND ${rankBefore(first)})
    )
    SELECT page.id, page.question, page.correct_answer, page.course_id, page.course_title, page.section_index, page.section_title,
           page.attempts, page.learners, page.first_correct, w.option AS wrong_option, w.count AS wrong_count, page.flag
    FROM page
    LEFT JOIN LATERAL (
      SELECT option, count FROM question_wrong_options WHERE question_id = page.id AND count > 0 ORDER BY count DESC, option LIMIT 1
    ) w ON TRUE
    ORDER BY page.unflagged, page.attempts DESC, page.course_title, page.course_id, page.section_index, page.position, page.id
  `);
  return result.rows;
}

/** What each sort orders by; a question nobody answered has no first-try rate and sorts last both ways. */
const SORT_KEYS: Record<QuestionSortField, SQL> = {
  question: sql`lower(q.question)`,
  attempts: sql`st.attempts`,
  learners: sql`st.learners`,
  first_try: sql`(CASE WHEN st.learners = 0 THEN NULL ELSE st.first_correct::float8 / st.learners END)`,
};

const DEFAULT_ORDER = sql`st.unflagged, st.attempts DESC, c.title, c.id, s.position, q.position, q.id`;

function orderOf(sort: QuestionSortField | undefined, order: SortOrder = "asc") {
  if (!sort) return DEFAULT_ORDER;
  const direction = sql.raw(order === "desc" ? "DESC" : "ASC");
  return sql`${SORT_KEYS[sort]} ${direction} NULLS LAST, q.id ${direction}`;
}

/** The filtered path: search, topic, course, flag and any sort, the page and its total in one scan. */
async function filteredPage(db: DatabaseOrTransaction, options: QuestionStatsQuery, limit: number, offset: number): Promise<{ rows: Row[]; total: number }> {
  const conditions = [flagFilter(options.flag)];
  if (options.search) conditions.push(sql`q.question ILIKE ${containsPattern(options.search)}`);
  if (options.topic_id) conditions.push(sql`c.topic_id = ${options.topic_id}`);
  if (options.course_id) conditions.push(sql`c.id = ${options.course_id}`);
  const where = sql.join(conditions, sql` AND `);
  const from = sql`question_stats st
      JOIN quiz_questions q ON q.id = st.question_id
      JOIN course_sections s ON s.id = q.section_id
      JOIN courses c ON c.id = s.course_id`;
  const result = await db.execute<Row & { total: number }>(sql`
    WITH page AS (
      SELECT q.id, q.question, q.correct_answer, c.id AS course_id, c.title AS course_title, s.position AS section_index, s.title AS section_title,
             st.attempts, st.learners, st.first_correct, st.flag, count(*) OVER ()::int AS total,
             row_number() OVER (ORDER BY ${orderOf(options.sort, options.order)}) AS n
      FROM ${from}
      WHERE ${where}
      ORDER BY ${orderOf(options.sort, options.order)}
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT page.*, w.option AS wrong_option, w.count AS wrong_count
    FROM page
    LEFT JOIN LATERAL (
      SELECT option, count FROM question_wrong_options WHERE question_id = page.id AND count > 0 ORDER BY count DESC, option LIMIT 1
    ) w ON TRUE
    ORDER BY page.n
  `);
  const rows = result.rows;
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  if (offset === 0) return { rows, total: 0 };
  const counted = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`);
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

/** Every question is in question_stats; without a filter the total is the counter the triggers keep (no scan). */
async function countQuestions(db: DatabaseOrTransaction, flag: QuestionStatsQuery["flag"]): Promise<number> {
  const result = flag
    ? await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM question_stats WHERE ${flagFilter(flag)}`)
    : await db.execute<{ n: number }>(sql`SELECT coalesce(sum(value), 0)::int AS n FROM stats_counters WHERE name = 'quiz_questions'`);
  return result.rows[0]?.n ?? 0;
}

function toStats(row: Row): QuestionStats {
  return {
    id: row.id,
    question: row.question,
    correct_answer: row.correct_answer,
    course_id: row.course_id,
    course_title: row.course_title,
    section_index: row.section_index,
    section_title: row.section_title,
    attempts: row.attempts,
    learners: row.learners,
    first_try_correct_rate: row.learners === 0 ? null : Math.round((row.first_correct / row.learners) * 1000) / 10,
    most_chosen_wrong: row.wrong_option === null ? null : { option: row.wrong_option, count: row.wrong_count ?? 0 },
    flag: row.flag,
  };
}

/**
 * One page of questions, flagged ones first, then the most answered (or in the asked sort);
 * `total` counts every match.
 */
export async function listQuestionStats(db: DatabaseOrTransaction, options: QuestionStatsQuery = {}): Promise<{ questions: QuestionStats[]; total: number }> {
  const limit = options.limit ?? 20;
  const offset = ((options.page ?? 1) - 1) * limit;
  if (options.search || options.topic_id || options.course_id || options.sort) {
    const { rows, total } = await filteredPage(db, options, limit, offset);
    return { questions: rows.map(toStats), total };
  }
  const [rows, total] = await Promise.all([queryPage(db, limit, offset, options.flag), countQuestions(db, options.flag)]);
  return { questions: rows.map(toStats), total };
}
