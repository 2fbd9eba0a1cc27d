import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";

/*
 * The Questions panel: how each quiz question fares, from the answers stored per question
 * (quiz_answers, one row per question of an attempt; see lib/quizzes/section-quiz.ts).
 * - attempts: how many times the question was answered (a skip counts, as a wrong answer);
 * - learners: how many learners answered it at least once; first_try_correct_rate: the share of
 *   them whose first answer was right (percent, one decimal; null before anyone answered);
 * - most_chosen_wrong: the wrong option picked most often (skips are not an option);
 * - flag: 'almost_everyone_misses' under 20% first-try correct, 'almost_nobody_misses' over 95%,
 *   only once at least 5 learners tried it, so one unlucky learner does not flag a question.
 * One statement per page: the aggregates, the page and the total (a window count).
 */

export const FLAG_MIN_LEARNERS = 5;
export const HARD_BELOW = 0.2;
export const EASY_ABOVE = 0.95;

export type QuestionFlag = "almost_everyone_misses" | "almost_nobody_misses";

export type QuestionStats = {
  id: number;
  question: string;
  correct_answer: string;
  course_id: number;
  course_title: string;
  section_index: number;
  section_title: string;
  attempts: number;
  learners: number;
  first_try_correct_rate: number | null;
  most_chosen_wrong: { option: string; count: number } | null;
  flag: QuestionFlag | null;
};

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
  total: number;
};

export type QuestionStatsQuery = { page?: number; limit?: number; flag?: QuestionFlag | "flagged" };

function flagFilter(flag: QuestionStatsQuery["flag"]) {
  if (flag === "flagged") return sql`flag IS NOT NULL`;
  if (flag) return sql`flag = ${flag}`;
  return sql`TRUE`;
}

async function queryPage(limit: number, offset: number, flag: QuestionStatsQuery["flag"]): Promise<Row[]> {
  const result = await getDb().execute<Row>(sql`
    WITH answers AS (
      SELECT qa.question_id, qa.chosen_option, qa.is_correct, a.user_id, a.created_at, a.id AS attempt_id
      FROM quiz_answers qa
      JOIN quiz_attempts a ON a.id = qa.attempt_id
    ),
    per_question AS (
      SELECT question_id, count(*)::int AS attempts FROM answers GROUP BY question_id
    ),
    first_tries AS (
      SELECT DISTINCT ON (question_id, user_id) question_id, is_correct
      FROM answers
      ORDER BY question_id, user_id, created_at, attempt_id
    ),
    first_rate AS (
      SELECT question_id, count(*)::int AS learners, (count(*) FILTER (WHERE is_correct))::int AS first_correct
      FROM first_tries
      GROUP BY question_id
    ),
    wrong AS (
      SELECT DISTINCT ON (question_id) question_id, chosen_option, count(*)::int AS n
      FROM answers
      WHERE NOT is_correct AND chosen_option IS NOT NULL
      GROUP BY question_id, chosen_option
      ORDER BY question_id, count(*) DESC, chosen_option
    ),
    per_row AS (
      SELECT q.id, q.question, q.correct_answer, q.position,
             c.id AS course_id, c.title AS course_title, s.position AS section_index, s.title AS section_title,
             coalesce(p.attempts, 0) AS attempts,
             coalesce(f.learners, 0) AS learners,
             coalesce(f.first_correct, 0) AS first_correct,
             w.chosen_option AS wrong_option, w.n AS wrong_count,
             CASE
               WHEN f.learners >= ${FLAG_MIN_LEARNERS} AND f.first_correct < ${HARD_BELOW}::numeric * f.learners THEN 'almost_everyone_misses'
               WHEN f.learners >= ${FLAG_MIN_LEARNERS} AND f.first_correct > ${EASY_ABOVE}::numeric * f.learners THEN 'almost_nobody_misses'
             END AS flag
      FROM quiz_questions q
      JOIN course_sections s ON s.id = q.section_id
      JOIN courses c ON c.id = s.course_id
      LEFT JOIN per_question p ON p.question_id = q.id
      LEFT JOIN first_rate f ON f.question_id = q.id
      LEFT JOIN wrong w ON w.question_id = q.id
    )
    SELECT id, question, correct_answer, course_id, course_title, section_index, section_title,
           attempts, learners, first_correct, wrong_option, wrong_count, flag,
           (count(*) OVER ())::int AS total
    FROM per_row
    WHERE ${flagFilter(flag)}
    ORDER BY (flag IS NULL), attempts DESC, course_title, course_id, section_index, position, id
    LIMIT ${limit} OFFSET ${offset}
  `);
  return result.rows;
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

/** One page of questions, flagged ones first, then the most answered; `total` counts every match. */
export async function listQuestionStats(options: QuestionStatsQuery = {}): Promise<{ questions: QuestionStats[]; total: number }> {
  const limit = options.limit ?? 20;
  const offset = ((options.page ?? 1) - 1) * limit;
  const rows = await queryPage(limit, offset, options.flag);
  // Past the last page the window count has no row to ride on: ask once more for the total alone.
  const total = rows[0]?.total ?? (offset > 0 ? ((await queryPage(1, 0, options.flag))[0]?.total ?? 0) : 0);
  return { questions: rows.map(toStats), total };
}
