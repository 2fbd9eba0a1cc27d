import type { Pool } from "pg";
import { COURSES_PER_TOPIC, QUESTION_POOL_SIZE, SECTIONS_PER_COURSE, SUBSECTIONS_PER_SECTION } from "../../lib/authoring/generation/plan";
import { generationDeadLetterJob } from "../../lib/authoring/generation/jobs/generation-dead-letter";
import { generationJobs } from "../../worker/job-registry";
import { Ledger, type AckedAttempt } from "./ledger";

/*
 * After the run: the database against what the server acknowledged. Nothing acknowledged may be
 * missing or lower than acknowledged, nothing may be duplicated, and every generation job the
 * run started must have completed exactly once.
 */

/** `skipped`: why it could not be checked here (a missing tool, outside CI only); it then counts as neither. */
export type Check = { name: string; ok: boolean; detail: string; skipped?: string };

const sample = (items: string[], n = 5) => (items.length ? ` e.g. ${items.slice(0, n).join("; ")}` : "");

export async function checkEnrolments(pool: Pool, ledger: Ledger, userIds: number[]): Promise<Check[]> {
  const { rows } = await pool.query<{ user_id: number; course_id: number; progress: number }>(
    "SELECT user_id, course_id, progress FROM enrollments WHERE user_id = ANY($1::int[])",
    [userIds],
  );
  const stored = new Map(rows.map((r) => [Ledger.enrolmentKey(r.user_id, r.course_id), r.progress]));
  const missing: string[] = [];
  const wrong: string[] = [];
  let acked = 0;
  let settledInDoubt = 0;
  for (const [key, entry] of ledger.enrolments) {
    const progress = stored.get(key);
    if (!entry.acked) {
      // Only ever sent without an answer: may exist or not; if it does, within what was sent.
      if (progress !== undefined && progress > (entry.maxInDoubt ?? 0)) wrong.push(`${key}: stored ${progress}, never acknowledged, at most ${entry.maxInDoubt} sent`);
      continue;
    }
    acked++;
    if (progress === undefined) {
      missing.push(key);
      continue;
    }
    const ceiling = Math.max(entry.maxAcked, entry.maxInDoubt ?? 0);
    if (entry.maxInDoubt !== null) settledInDoubt++;
    if (progress < entry.maxAcked || progress > ceiling) wrong.push(`${key}: stored ${progress}, acknowledged ${entry.maxAcked}${entry.maxInDoubt !== null ? `, in doubt up to ${entry.maxInDoubt}` : ""}`);
  }
  const unknown = rows.filter((r) => !ledger.enrolments.has(Ledger.enrolmentKey(r.user_id, r.course_id))).map((r) => `${r.user_id}:${r.course_id}`);
  return [
    { name: "every acknowledged enrolment is stored", ok: missing.length === 0, detail: `${acked} acknowledged, ${missing.length} missing${sample(missing)}` },
    {
      name: "stored progress = highest acknowledged progress",
      ok: wrong.length === 0,
      detail: `${wrong.length} differ${sample(wrong)}${settledInDoubt ? ` (${settledInDoubt} ended with a write in doubt, allowed up to its value)` : ""}`,
    },
    { name: "no enrolment the learners did not ask for", ok: unknown.length === 0, detail: `${unknown.length} unknown${sample(unknown)}` },
  ];
}

type StoredAttempt = {
  id: number;
  user_id: number;
  course_id: number;
  section_index: number;
  score: number;
  total: number;
  passed: boolean;
  counted: boolean;
  answers: { q: number; c: string | null; ok: boolean }[];
};

function sameAnswers(acked: AckedAttempt, stored: StoredAttempt): boolean {
  if (acked.answers.length !== stored.answers.length) return false;
  const chosen = new Map(stored.answers.map((a) => [a.q, a.c]));
  return acked.answers.every((a) => chosen.has(a.question_id) && chosen.get(a.question_id) === a.answer);
}

export async function checkQuizAttempts(pool: Pool, ledger: Ledger, userIds: number[]): Promise<Check[]> {
  const { rows } = await pool.query<StoredAttempt>(
    `SELECT a.id, a.user_id, a.course_id, a.section_index, a.score, a.total, a.passed, a.counted,
            COALESCE(json_agg(json_build_object('q', qa.question_id, 'c', qa.chosen_option, 'ok', qa.is_correct))
                     FILTER (WHERE qa.attempt_id IS NOT NULL), '[]') AS answers
     FROM quiz_attempts a LEFT JOIN quiz_answers qa ON qa.attempt_id = a.id
     WHERE a.user_id = ANY($1::int[]) GROUP BY a.id`,
    [userIds],
  );
  const unmatched = new Map<string, StoredAttempt[]>();
  const inconsistent: string[] = [];
  for (const row of rows) {
    const key = Ledger.attemptKey(row.user_id, row.course_id, row.section_index);
    unmatched.set(key, [...(unmatched.get(key) ?? []), row]);
    const right = row.answers.filter((a) => a.ok).length;
    // An attempt passes when it counted (its items unseen when drawn: docs/product-rules.md, "Practice") and every first try was right.
    if (row.answers.length !== row.total || right !== row.score || row.passed !== (row.counted && row.score === row.total)) {
      inconsistent.push(`attempt ${row.id}: ${row.answers.length} answers, ${right} right, stored ${row.score}/${row.total} counted=${row.counted} passed=${row.passed}`);
    }
  }
  const missing: string[] = [];
  for (const attempt of ledger.attempts) {
    const key = Ledger.attemptKey(attempt.userId, attempt.courseId, attempt.sectionIndex);
    const candidates = unmatched.get(key) ?? [];
    const index = candidates.findIndex((s) => s.score === attempt.score && s.total === attempt.total && s.passed === attempt.passed && sameAnswers(attempt, s));
    if (index < 0) missing.push(`${key} ${attempt.score}/${attempt.total}`);
    else candidates.splice(index, 1);
  }
  const extra: string[] = [];
  let explained = 0;
  for (const [key, left] of unmatched) {
    const allowed = ledger.attemptsInDoubt.get(key) ?? 0;
    if (left.length > allowed) extra.push(`${key}: ${left.length} unacknowledged, ${allowed} in doubt`);
    else explained += left.length;
  }
  return [
    {
      name: "every acknowledged quiz attempt is stored with its answers",
      ok: missing.length === 0,
      detail: `${ledger.attempts.length} acknowledged (${ledger.attempts.filter((a) => a.passed).length} passed), ${rows.length} stored, ${missing.length} missing${sample(missing)}`,
    },
    { name: "quiz_answers rows match each attempt's score", ok: inconsistent.length === 0, detail: `${inconsistent.length} inconsistent${sample(inconsistent)}` },
    {
      name: "no stored attempt beyond those acknowledged or in doubt",
      ok: extra.length === 0,
      detail: `${extra.length} unexplained${sample(extra)}${explained ? ` (${explained} from requests that got no answer)` : ""}`,
    },
  ];
}

export async function checkNoDuplicates(pool: Pool): Promise<Check> {
  const queries = {
    enrolments: "SELECT user_id || ':' || course_id AS k FROM enrollments GROUP BY user_id, course_id HAVING count(*) > 1",
    sections: "SELECT course_id || ':' || position AS k FROM course_sections GROUP BY course_id, position HAVING count(*) > 1",
    subsections: "SELECT section_id || ':' || position AS k FROM course_subsections GROUP BY section_id, position HAVING count(*) > 1",
    questions: "SELECT section_id || ':' || position AS k FROM quiz_questions GROUP BY section_id, position HAVING count(*) > 1",
    "question texts": "SELECT section_id || ':' || question AS k FROM quiz_questions GROUP BY section_id, question HAVING count(*) > 1",
  };
  const found: string[] = [];
  for (const [what, query] of Object.entries(queries)) {
    const { rows } = await pool.query<{ k: string }>(query);
    if (rows.length) found.push(`${rows.length} duplicated ${what} (${rows.slice(0, 3).map((r) => r.k).join(", ")})`);
  }
  return { name: "no duplicated enrolments or course content", ok: found.length === 0, detail: found.length ? found.join("; ") : "enrolments, sections, subsections, questions unique" };
}

export type GenerationSummary = { checks: Check[]; repeatedCalls: number; retriedJobs: number; enrolmentsInNewCourses: number };

/**
 * The run's topics: each has its courses, each course is Generated with its full content; every
 * pg-boss generation job for them exists once and completed; the model log has one successful call
 * per step, except where a killed worker's job ran again (`workerKilled`).
 */
export async function checkGeneration(pool: Pool, topicIds: number[], expectedTopics: number, workerKilled: boolean): Promise<GenerationSummary> {
  const checks: Check[] = [];
  checks.push({ name: "the admin's topics were created", ok: topicIds.length === expectedTopics, detail: `${topicIds.length} of ${expectedTopics}` });

  const { rows: courseRows } = await pool.query<{ id: number; topic_id: number; generation_status: string; is_detail_created_by_ai: boolean; generation_attempt: number; generation_error: string | null }>(
    "SELECT id, topic_id, generation_status, is_detail_created_by_ai, generation_attempt, generation_error FROM courses WHERE topic_id = ANY($1::int[])",
    [topicIds],
  );
  const courseIds = courseRows.map((c) => c.id);
  const perTopic = topicIds.map((t) => courseRows.filter((c) => c.topic_id === t).length);
  checks.push({
    name: `each new topic got its ${COURSES_PER_TOPIC} courses`,
    ok: perTopic.every((n) => n === COURSES_PER_TOPIC),
    detail: `${courseRows.length} courses (${perTopic.join(", ")} per topic)`,
  });
  const notDone = courseRows.filter((c) => c.generation_status !== "done" || !c.is_detail_created_by_ai || c.generation_attempt !== 1);
  checks.push({
    name: "every generated course is Generated, on its first attempt",
    ok: courseRows.length > 0 && notDone.length === 0,
    detail: `${courseRows.length - notDone.length} of ${courseRows.length}${sample(notDone.map((c) => `course ${c.id} ${c.generation_status} attempt ${c.generation_attempt} ${c.generation_error ?? ""}`))}`,
  });

  const { rows: shapes } = await pool.query<{ course_id: number; sections: number; subsections: number; questions: number; leftovers: number }>(
    `SELECT c.id AS course_id,
            (SELECT count(*)::int FROM course_sections s WHERE s.course_id = c.id) AS sections,
            (SELECT count(*)::int FROM course_subsections ss JOIN course_sections s ON s.id = ss.section_id WHERE s.course_id = c.id) AS subsections,
            -- The pool generation wrote; fresh variants a retrying learner asked for come after it.
            (SELECT count(*)::int FROM quiz_questions q JOIN course_sections s ON s.id = q.section_id WHERE s.course_id = c.id AND q.position < ${QUESTION_POOL_SIZE}) AS questions,
            (SELECT count(*)::int FROM generation_sections g WHERE g.course_id = c.id) AS leftovers
     FROM courses c WHERE c.id = ANY($1::int[])`,
    [courseIds],
  );
  const want = { sections: SECTIONS_PER_COURSE, subsections: SECTIONS_PER_COURSE * SUBSECTIONS_PER_SECTION, questions: SECTIONS_PER_COURSE * QUESTION_POOL_SIZE };
  const badShape = shapes.filter((s) => s.sections !== want.sections || s.subsections !== want.subsections || s.questions !== want.questions || s.leftovers !== 0);
  checks.push({
    name: "each generated course has its content exactly once",
    ok: badShape.length === 0,
    detail: `${want.sections} sections, ${want.subsections} subsections, ${want.questions} questions each, no working copy left${sample(badShape.map((s) => `course ${s.course_id}: ${s.sections}/${s.subsections}/${s.questions}, ${s.leftovers} left`))}`,
  });

  // pg-boss: one job per singleton key, completed; nothing left queued, failed or dead-lettered.
  const { rows: jobs } = await pool.query<{ name: string; singleton_key: string | null; state: string; retry_count: number; data: { courseId?: number; topicId?: number } }>(
    "SELECT name, singleton_key, state::text AS state, retry_count, data FROM pgboss.job WHERE name = ANY($1::text[])",
    [generationJobs.map((job) => job.name)],
  );
  const ours = jobs.filter((j) => (j.data.courseId !== undefined && courseIds.includes(j.data.courseId)) || (j.data.topicId !== undefined && topicIds.includes(j.data.topicId)));
  const byKey = new Map<string, typeof ours>();
  for (const job of ours) byKey.set(`${job.name}/${job.singleton_key}`, [...(byKey.get(`${job.name}/${job.singleton_key}`) ?? []), job]);
  const duplicated = [...byKey].filter(([, list]) => list.length > 1).map(([k, list]) => `${k} x${list.length}`);
  const unfinished = ours.filter((j) => j.state !== "completed").map((j) => `${j.name}/${j.singleton_key} ${j.state}`);
  const deadLettered = ours.filter((j) => j.name === generationDeadLetterJob.name).length;
  // Per course: its outline, then for every subsection one writing job and one questions job.
  const expectedJobs = topicIds.length + courseIds.length * (1 + 2 * SECTIONS_PER_COURSE * SUBSECTIONS_PER_SECTION);
  const retriedJobs = ours.filter((j) => j.retry_count > 0).length;
  checks.push({
    name: "every generation job completed exactly once (pg-boss)",
    ok: ours.length === expectedJobs && duplicated.length === 0 && unfinished.length === 0 && deadLettered === 0,
    detail: `${ours.length} jobs (expected ${expectedJobs}: topic + per course its outline and a writing and a questions job per subsection), ${duplicated.length} duplicated, ${unfinished.length} not completed, ${deadLettered} dead-lettered, ${retriedJobs} retried${sample([...duplicated, ...unfinished])}`,
  });

  // The generation log: one successful call per step; a killed worker's job may repeat its calls.
  const { rows: runs } = await pool.query<{ k: string; n: number }>(
    `SELECT step || ' ' || coalesce(course_id::text, 'topic ' || topic_id) || ' #' || attempt || ' s' || coalesce(section_index::text, '-') || '.' || coalesce(subsection_index::text, '-') AS k, count(*)::int AS n
     FROM generation_runs WHERE ok AND (course_id = ANY($1::int[]) OR topic_id = ANY($2::int[])) GROUP BY 1`,
    [courseIds, topicIds],
  );
  const repeated = runs.filter((r) => r.n > 1);
  const repeatedCalls = repeated.reduce((n, r) => n + r.n - 1, 0);
  checks.push({
    name: workerKilled ? "model calls repeat only for jobs the killed worker was running" : "one successful model call per generation step",
    ok: workerKilled ? repeated.length <= retriedJobs * 2 : repeated.length === 0,
    detail: `${runs.length} steps, ${repeatedCalls} repeated calls${sample(repeated.map((r) => `${r.k} x${r.n}`))}`,
  });
  const { rows: enrolled } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM enrollments WHERE course_id = ANY($1::int[])", [courseIds]);
  return { checks, repeatedCalls, retriedJobs, enrolmentsInNewCourses: enrolled[0]!.n };
}
