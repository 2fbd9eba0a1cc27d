import type { ClientBase } from "pg";
import { dropIndexes, recreateIndexes } from "./bulk-load";
import {
  ANSWERS_PER_ATTEMPT,
  COURSES_PER_TOPIC,
  INTERESTS_PER_LEARNER,
  MEAN_ENROLMENTS_PER_LEARNER,
  progressStates,
  QUESTIONS_PER_SECTION,
  SECTIONS_PER_COURSE,
  SUBSECTIONS_PER_SECTION,
  synthSizes,
  ZIPF_EXPONENT,
} from "./sizes";

/*
 * Writes a synthetic data set, set-based: every table is one INSERT … SELECT over
 * generate_series (no row leaves Node), in one transaction with triggers and foreign-key
 * checks off (session_replication_role = replica) and the big tables' indexes dropped and
 * rebuilt afterwards; then the admin summaries are rebuilt and the tables vacuumed and analysed.
 *
 * Every random choice is a hash of the row's ids (pg_temp.unit), so a size always gives the same
 * data. What it follows (the app's rules, checked by synthesize.test.ts):
 * - users: `admins` admins, then the learners, signed up over the last year (more of them
 *   recently), all with one shared password hash; about 1% deactivated;
 * - topics × COURSES_PER_TOPIC published courses, each SECTIONS_PER_COURSE sections of
 *   SUBSECTIONS_PER_SECTION subsections and a pool of QUESTIONS_PER_SECTION questions;
 * - each learner picks INTERESTS_PER_LEARNER topics and about MEAN_ENROLMENTS_PER_LEARNER courses
 *   (exponentially spread), courses drawn by Zipf-like popularity, so a few courses are crowded;
 * - per enrolment, a state of lib/catalogue/course-shape/progress.ts: quizzes passed in order (failed
 *   attempts before a pass, perhaps some on the next section), the reader's position, the progress
 *   those earn, completed_at exactly when progress is 100, at the last pass;
 * - every attempt answers ANSWERS_PER_ATTEMPT distinct questions of its section's pool; a pass
 *   has them all right, a failure at least one wrong; score = the right answers.
 */

export type SynthOptions = {
  learners: number;
  /** The shared password's argon2 hash (lib/accounts/auth/password.ts hashPassword, computed once). */
  passwordHash: string;
  /** Empty users and topics (and through them everything else) first; otherwise the database must have none. */
  reset?: boolean;
  log?: (line: string) => void;
};

export type SynthCounts = {
  users: number;
  admins: number;
  topics: number;
  courses: number;
  course_sections: number;
  course_subsections: number;
  quiz_questions: number;
  user_topics: number;
  enrollments: number;
  quiz_attempts: number;
  quiz_answers: number;
};

export type SynthResult = { counts: SynthCounts; seconds: number; steps: { step: string; seconds: number }[] };

/** The synthetic accounts' e-mails: admin<n>@… for admins; learners get a name-like address with their number. */
export const SYNTH_ADMIN_EMAIL_DOMAIN = "synth.learnpath.test";

const BULK_TABLES = ["users", "accounts", "user_topics", "enrollments", "quiz_attempts", "quiz_answers", "course_subsections", "quiz_questions", "course_sections"];
const IDENTITY_TABLES = ["users", "topics", "courses", "course_sections", "course_subsections", "quiz_questions", "quiz_attempts"];
const VACUUM_TABLES = [...BULK_TABLES, "topics", "courses", "question_stats", "question_wrong_options", "topic_learner_counts", "stats_counters"];

const FIRST_NAMES = ["Ada", "Ben", "Chloe", "David", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kemi", "Liam", "Maya", "Noah", "Olga", "Pablo", "Quinn", "Rosa", "Sami", "Tara", "Umar", "Vera", "Wen", "Yusuf"];
const LAST_NAMES = ["Adams", "Brown", "Chen", "Diaz", "Evans", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Khan", "Lopez", "Moreau", "Nakamura", "Okafor", "Petrov", "Quist", "Rossi", "Silva", "Tanaka", "Usman", "Varga", "Weber", "Young"];
const DOMAINS = ["example.com", "mail.example.org", "school.example.net", "corp.example.com", "uni.example.edu"];
const SUBJECTS = [
  "Algebra", "Geometry", "Statistics", "Calculus", "Python", "JavaScript", "SQL", "Networking", "Security", "Cloud Computing",
  "Machine Learning", "Data Visualisation", "Accounting", "Marketing", "Negotiation", "Public Speaking", "Spanish", "German", "Japanese", "Music Theory",
  "Photography", "Nutrition", "First Aid", "Project Management", "UX Design", "Economics", "World History", "Chemistry", "Physics", "Biology",
];

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]`;

export async function synthesize(client: ClientBase, options: SynthOptions): Promise<SynthResult> {
  const sizes = synthSizes(options.learners);
  const log = options.log ?? (() => undefined);
  const steps: SynthResult["steps"] = [];
  const started = performance.now();
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const result = await client.query(sql, params);
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name}: ${seconds.toFixed(1)} s${result.rowCount ? ` (${result.rowCount.toLocaleString("en")} rows)` : ""}`);
    return result;
  };
  const A = sizes.admins;
  const N = sizes.learners;
  const C = sizes.courses;
  // Popularity lookup: slot -> course, slots in proportion to the course's Zipf weight.
  const SLOTS = Math.max(100_000, 50 * C);
  const states = progressStates()
    .map((s) => `(${s.passed}, ${s.subsection}, ${s.furthestUnit}, ${s.progress})`)
    .join(", ");

  await client.query("BEGIN");
  try {
    // Triggers (the admin summaries, rebuilt at the end) and foreign-key checks off for this transaction.
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query("SET LOCAL work_mem = '256MB'");
    await client.query("SET LOCAL maintenance_work_mem = '512MB'");
    await client.query("SET LOCAL synchronous_commit = off");
    if (options.reset) {
      await step("empty the database", "TRUNCATE users, topics RESTART IDENTITY CASCADE");
    } else {
      const { rows } = await client.query<{ n: number }>("SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM topics) AS n");
      if (Number(rows[0]!.n) > 0) throw new Error("the database already has users or topics: synthesize into a fresh database (or pass --reset to empty it first)");
    }
    const indexes = await dropIndexes(client, BULK_TABLES);

    await client.query(`CREATE OR REPLACE FUNCTION pg_temp.unit(key bigint) RETURNS float8 LANGUAGE sql IMMUTABLE AS
      $$ SELECT (hashint8(key) & 2147483647)::float8 / 2147483648 $$`);
    // The question a slot of an attempt asks: consecutive questions of the section's pool from a starting one.
    await client.query(`CREATE OR REPLACE FUNCTION pg_temp.question_id(course_id int, section_index int, first_question int, slot int) RETURNS int
      LANGUAGE sql IMMUTABLE AS
      $$ SELECT ((course_id - 1) * ${SECTIONS_PER_COURSE} + section_index) * ${QUESTIONS_PER_SECTION} + (first_question + slot) % ${QUESTIONS_PER_SECTION} + 1 $$`);
    // In a failed attempt, slot (id % 5) is wrong and the others right by the question's ease.
    await client.query(`CREATE OR REPLACE FUNCTION pg_temp.failed_slot_correct(attempt_id bigint, slot int, question_id int) RETURNS boolean
      LANGUAGE sql IMMUTABLE AS
      $$ SELECT slot <> attempt_id % ${ANSWERS_PER_ATTEMPT}
             AND pg_temp.unit(attempt_id * 8 + slot) < 0.1 + 0.85 * pg_temp.unit(question_id::bigint * 16 + 5) $$`);

    await step(
      "users",
      `INSERT INTO users (id, first_name, last_name, email, role, is_active, email_verified, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT i, first_name, last_name,
              CASE WHEN i <= ${A} THEN 'admin' || i || '@${SYNTH_ADMIN_EMAIL_DOMAIN}'
                   ELSE lower(first_name || '.' || last_name || '.' || (i - ${A})) || '@' || (${sqlArray(DOMAINS)})[1 + i % ${DOMAINS.length}] END,
              CASE WHEN i <= ${A} THEN 'admin' ELSE 'user' END::user_role,
              i <= ${A} OR pg_temp.unit(i * 16 + 1) >= 0.01, true, created_at, created_at
       FROM (
         SELECT i, (${sqlArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] AS first_name,
                (${sqlArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] AS last_name,
                CASE WHEN i <= ${A} THEN now() - interval '400 days'
                     ELSE now() - interval '365 days' * power(pg_temp.unit(i * 16 + 2), 1.5) END AS created_at
         FROM generate_series(1, ${A + N}) i
       ) u`,
    );
    // Every account signs in with the one password: a Better Auth "credential" account each.
    await step(
      "passwords",
      `INSERT INTO accounts (user_id, provider_id, account_id, password, created_at, updated_at)
       SELECT id, 'credential', id::text, $1::text, created_at, created_at FROM users`,
      [options.passwordHash],
    );

    await step(
      "topics",
      `INSERT INTO topics (id, title, description, created_by, created_at) OVERRIDING SYSTEM VALUE
       SELECT i, subject || ' ' || (1 + (i - 1) / ${SUBJECTS.length}),
              'Everything about ' || subject || ', from the first steps to the fine points.', 1, now() - interval '400 days'
       FROM generate_series(1, ${sizes.topics}) i, LATERAL (SELECT (${sqlArray(SUBJECTS)})[1 + (i - 1) % ${SUBJECTS.length}] AS subject) s`,
          );

    await step(
      "courses",
      `INSERT INTO courses (id, topic_id, title, description, level, duration_minutes, is_detail_created_by_ai, generation_status, generation_attempt, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT c.id, t.id, t.title || ': ' || level || ' ' || (1 + (c.id - 1) % ${COURSES_PER_TOPIC} / 3),
              'A ' || lower(level) || ' course on ' || t.title || '.', level::course_level, 30 + (c.id % 5) * 30, true, 'done', 1,
              now() - interval '400 days', now() - interval '400 days'
       FROM generate_series(1, ${C}) c(id)
       JOIN topics t ON t.id = (c.id - 1) / ${COURSES_PER_TOPIC} + 1,
       LATERAL (SELECT (ARRAY['Beginner', 'Intermediate', 'Advanced'])[1 + (c.id - 1) % 3] AS level) l`,
    );

    await step(
      "course_sections",
      `INSERT INTO course_sections (id, course_id, position, title) OVERRIDING SYSTEM VALUE
       SELECT (c.id - 1) * ${SECTIONS_PER_COURSE} + s + 1, c.id, s, 'Part ' || (s + 1) || ' of ' || c.title
       FROM courses c, generate_series(0, ${SECTIONS_PER_COURSE - 1}) s`,
    );

    await step(
      "course_subsections",
      `INSERT INTO course_subsections (id, section_id, position, title, content) OVERRIDING SYSTEM VALUE
       SELECT (s.id - 1) * ${SUBSECTIONS_PER_SECTION} + k + 1, s.id, k, 'Lesson ' || (k + 1) || ': ' || s.title,
              '## ' || s.title || E'\\n\\n' || repeat('This lesson explains one idea of the section with an example, a counter-example and a short summary. ', 6)
              || E'\\n\\n- a first point\\n- a second point\\n- a third point\\n'
       FROM course_sections s, generate_series(0, ${SUBSECTIONS_PER_SECTION - 1}) k`,
    );

    await step(
      "quiz_questions",
      `INSERT INTO quiz_questions (id, section_id, position, question, options, correct_answer, hint, concept) OVERRIDING SYSTEM VALUE
       SELECT (s.id - 1) * ${QUESTIONS_PER_SECTION} + p + 1, s.id, p, 'Question ' || (p + 1) || ' about ' || s.title || '?',
              ARRAY['Option A', 'Option B', 'Option C', 'Option D'], 'Option ' || chr(65 + ((s.id - 1) * ${QUESTIONS_PER_SECTION} + p + 1) % 4),
              'Re-read the lesson''s summary.', 'concept ' || (p % 5 + 1)
       FROM course_sections s, generate_series(0, ${QUESTIONS_PER_SECTION - 1}) p`,
    );

    // Popularity: courses in a shuffled rank order, weight 1 / rank^ZIPF_EXPONENT, as slots of a lookup table.
    await step(
      "popularity table",
      `CREATE TEMP TABLE synth_course_slot ON COMMIT DROP AS
       WITH ranked AS (
         SELECT id, topic_id, row_number() OVER (ORDER BY pg_temp.unit(id * 16 + 3)) AS rank FROM courses
       ), weighted AS (
         SELECT id, topic_id, sum(power(rank, -${ZIPF_EXPONENT})) OVER (ORDER BY rank) / sum(power(rank, -${ZIPF_EXPONENT})) OVER () AS upto,
                power(rank, -${ZIPF_EXPONENT}) / sum(power(rank, -${ZIPF_EXPONENT})) OVER () AS share
         FROM ranked
       )
       SELECT slot, id AS course_id, topic_id
       FROM weighted, generate_series(floor((upto - share) * ${SLOTS})::int, greatest(floor((upto - share) * ${SLOTS})::int, floor(upto * ${SLOTS})::int - 1)) slot`,
    );
    await client.query("CREATE INDEX ON synth_course_slot (slot)");
    await client.query("ANALYZE synth_course_slot");

    await step(
      "user_topics",
      `INSERT INTO user_topics (user_id, topic_id, created_at)
       SELECT DISTINCT ON (u.id, s.topic_id) u.id, s.topic_id, u.created_at
       FROM users u
       CROSS JOIN generate_series(1, ${INTERESTS_PER_LEARNER}) g
       JOIN synth_course_slot s ON s.slot = floor(pg_temp.unit(u.id * 64 + 16 + g) * ${SLOTS})::int
       WHERE u.role = 'user'
       ORDER BY u.id, s.topic_id`,
    );

    // Each learner wants k courses (exponential, mean MEAN_ENROLMENTS_PER_LEARNER); picks are drawn
    // with some spare, a course drawn twice counts once, and the first k distinct are kept.
    await step(
      "enrolment plan",
      `CREATE TEMP TABLE synth_enrolment ON COMMIT DROP AS
       WITH wants AS (
         SELECT id AS user_id, created_at,
                least(${C}, greatest(1, round(-ln(1 - pg_temp.unit(id * 16 + 4)) * ${MEAN_ENROLMENTS_PER_LEARNER})))::int AS k
         FROM users WHERE role = 'user'
       ), picks AS (
         SELECT DISTINCT ON (w.user_id, s.course_id) w.user_id, w.created_at, w.k, g, s.course_id
         FROM wants w
         CROSS JOIN generate_series(1, w.k + w.k / 2 + 3) g
         JOIN synth_course_slot s ON s.slot = floor(pg_temp.unit(w.user_id::bigint * 4096 + g) * ${SLOTS})::int
         ORDER BY w.user_id, s.course_id, g
       ), kept AS (
         SELECT *, row_number() OVER (PARTITION BY user_id ORDER BY g) AS n FROM picks
       )
       SELECT user_id, course_id, enrolled_at, pace,
              CASE WHEN r < 0.45 THEN 0 WHEN r < 0.65 THEN 1 WHEN r < 0.77 THEN 2 WHEN r < 0.85 THEN 3 ELSE ${SECTIONS_PER_COURSE} END AS passed,
              -- A finished course's reader stands at its last subsection.
              CASE WHEN r < 0.85 THEN floor(pg_temp.unit(key * 16 + 7) * ${SUBSECTIONS_PER_SECTION})::int ELSE ${SUBSECTIONS_PER_SECTION - 1} END AS subsection
       FROM (
         SELECT user_id, course_id, user_id::bigint * 65536 + course_id AS key,
                created_at + (now() - created_at) * 0.9 * pg_temp.unit((user_id::bigint * 65536 + course_id) * 16 + 8) AS enrolled_at,
                0.05 + 0.95 * pg_temp.unit((user_id::bigint * 65536 + course_id) * 16 + 9) AS pace,
                pg_temp.unit((user_id::bigint * 65536 + course_id) * 16 + 10) AS r
         FROM kept WHERE n <= k
       ) e`,
    );

    // Sections 0 .. passed-1: 0-2 failures then a pass; the next section (if any): 0-2 failures.
    // Attempts are spaced over the time from enrolment to now, in order; ids follow time.
    await step(
      "attempt plan",
      `CREATE TEMP TABLE synth_attempt ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY created_at, user_id, course_id, section_index, k) AS id, *
       FROM (
         SELECT e.user_id, e.course_id, s AS section_index, k, f.pass AND k = f.fails + 1 AS passed,
                e.enrolled_at + (now() - e.enrolled_at) * e.pace * ((s * 3 + k)::float8 / ${SECTIONS_PER_COURSE * 3 + 1}) AS created_at,
                floor(pg_temp.unit(((e.user_id::bigint * 65536 + e.course_id) * 8 + s) * 4 + k) * ${QUESTIONS_PER_SECTION})::int AS first_question
         FROM synth_enrolment e
         CROSS JOIN generate_series(0, least(e.passed, ${SECTIONS_PER_COURSE - 1})) s
         CROSS JOIN LATERAL (
           SELECT s < e.passed AS pass,
                  CASE WHEN u < (CASE WHEN s < e.passed THEN 0.65 ELSE 0.8 END) THEN 0 WHEN u < 0.95 THEN 1 ELSE 2 END AS fails
           FROM (SELECT pg_temp.unit(((e.user_id::bigint * 65536 + e.course_id) * 8 + s) * 16 + 11) AS u) x
         ) f
         CROSS JOIN generate_series(1, f.fails + f.pass::int) k
       ) a`,
    );

    await step(
      "quiz_attempts",
      `INSERT INTO quiz_attempts (id, user_id, course_id, section_index, score, total, passed, created_at) OVERRIDING SYSTEM VALUE
       SELECT id, user_id, course_id, section_index,
              CASE WHEN passed THEN ${ANSWERS_PER_ATTEMPT} ELSE (
                SELECT count(*) FROM generate_series(0, ${ANSWERS_PER_ATTEMPT - 1}) slot
                WHERE pg_temp.failed_slot_correct(id, slot, pg_temp.question_id(course_id, section_index, first_question, slot))
              ) END,
              ${ANSWERS_PER_ATTEMPT}, passed, created_at
       FROM synth_attempt`,
    );

    await step(
      "enrollments",
      `INSERT INTO enrollments (user_id, course_id, progress, furthest_unit, enrolled_at, completed_at, updated_at)
       SELECT e.user_id, e.course_id, st.progress, st.furthest_unit, e.enrolled_at,
              CASE WHEN st.progress = 100 THEN a.last_pass END, greatest(e.enrolled_at, a.last_at)
       FROM synth_enrolment e
       JOIN (VALUES ${states}) st(passed, subsection, furthest_unit, progress) ON st.passed = e.passed AND st.subsection = e.subsection
       LEFT JOIN (
         SELECT user_id, course_id, max(created_at) AS last_at, max(created_at) FILTER (WHERE passed) AS last_pass
         FROM synth_attempt GROUP BY user_id, course_id
       ) a ON a.user_id = e.user_id AND a.course_id = e.course_id`,
    );

    await step(
      "quiz_answers",
      `INSERT INTO quiz_answers (attempt_id, question_id, chosen_option, is_correct)
       SELECT a.id, q.id,
              CASE WHEN x.correct THEN 'Option ' || chr(65 + q.id % 4)
                   WHEN w.u < 0.08 THEN NULL
                   ELSE 'Option ' || chr(65 + (q.id + CASE WHEN w.u < 0.7 THEN 1 WHEN w.u < 0.9 THEN 2 ELSE 3 END) % 4) END,
              x.correct
       FROM synth_attempt a
       CROSS JOIN generate_series(0, ${ANSWERS_PER_ATTEMPT - 1}) slot
       CROSS JOIN LATERAL (SELECT pg_temp.question_id(a.course_id, a.section_index, a.first_question, slot) AS id) q
       CROSS JOIN LATERAL (SELECT a.passed OR pg_temp.failed_slot_correct(a.id, slot, q.id) AS correct) x
       CROSS JOIN LATERAL (SELECT pg_temp.unit(a.id * 8 + slot + 1000000007) AS u) w`,
    );

    const t = performance.now();
    await recreateIndexes(client, indexes);
    steps.push({ step: "indexes", seconds: (performance.now() - t) / 1000 });
    log(`  indexes: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    for (const table of IDENTITY_TABLES) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (SELECT max(id) FROM "${table}")))`);
    }
    await step("admin summaries", "SELECT rebuild_admin_summaries()");
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
  await step("vacuum and analyse", `VACUUM (ANALYZE) ${VACUUM_TABLES.join(", ")}`);

  return { counts: await countRows(client), seconds: (performance.now() - started) / 1000, steps };
}

export async function countRows(client: ClientBase): Promise<SynthCounts> {
  const { rows } = await client.query<Record<keyof SynthCounts, string>>(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM users WHERE role = 'admin') AS admins,
            (SELECT count(*) FROM topics) AS topics, (SELECT count(*) FROM courses) AS courses,
            (SELECT count(*) FROM course_sections) AS course_sections, (SELECT count(*) FROM course_subsections) AS course_subsections,
            (SELECT count(*) FROM quiz_questions) AS quiz_questions, (SELECT count(*) FROM user_topics) AS user_topics,
            (SELECT count(*) FROM enrollments) AS enrollments, (SELECT count(*) FROM quiz_attempts) AS quiz_attempts,
            (SELECT count(*) FROM quiz_answers) AS quiz_answers`,
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)])) as SynthCounts;
}
