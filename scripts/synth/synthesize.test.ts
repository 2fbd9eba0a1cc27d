import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../lib/accounts/auth/password";
import { earnedProgress } from "../../lib/catalogue/course-shape/progress";
import { call, createUser } from "../../tests/harness/http";
import { SYNTH_PASSWORD } from "./password";
import { COURSE_SHAPE, SECTIONS_PER_COURSE, synthSizes } from "./sizes";
import { synthesize, type SynthResult } from "./synthesize";

/*
 * `npm run db:synth` at a small size on this file's database copy (emptied first): the sizes
 * in proportion, the skew, and every rule of the app the data must follow, checked by SQL over
 * all rows; then the app's endpoints on it.
 */

const LEARNERS = 500;
let client: Client;
let result: SynthResult;
let indexesBefore: string[];
const listIndexes = async () => (await client.query<{ d: string }>(`SELECT indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`)).rows.map((r) => r.d);

async function one<T = Record<string, unknown>>(sql: string): Promise<T> {
  const { rows } = await client.query(sql);
  return rows[0] as T;
}

async function count(sql: string): Promise<number> {
  return Number((await one<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) x`)).n);
}

beforeAll(async () => {
  client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  indexesBefore = await listIndexes();
  result = await synthesize(client, { learners: LEARNERS, passwordHash: await hashPassword(SYNTH_PASSWORD), reset: true });
}, 120_000);

afterAll(async () => {
  await client.end();
});

describe("db:synth at 500 learners", () => {
  it("writes every table in proportion to the learners", () => {
    const sizes = synthSizes(LEARNERS);
    const c = result.counts;
    expect(c).toMatchObject({
      users: LEARNERS + sizes.admins,
      admins: sizes.admins,
      topics: sizes.topics,
      courses: sizes.courses,
      course_sections: sizes.courses * 4,
      course_subsections: sizes.courses * 12,
      quiz_questions: sizes.courses * 40,
    });
    // About 10 enrolments a learner (fewer here: only 50 courses, and popular ones are drawn twice), 2 attempts each, 5 answers each.
    expect(c.enrollments / LEARNERS).toBeGreaterThan(6);
    expect(c.enrollments / LEARNERS).toBeLessThan(12);
    expect(c.quiz_attempts / c.enrollments).toBeGreaterThan(1.6);
    expect(c.quiz_attempts / c.enrollments).toBeLessThan(2.4);
    expect(c.quiz_answers).toBe(5 * c.quiz_attempts);
    expect(c.user_topics / LEARNERS).toBeGreaterThan(1.5);
  });

  it("skews enrolments towards a few popular courses and spreads activity over a year", async () => {
    const skew = await one<{ top: number; median: number }>(
      `SELECT max(n) AS top, percentile_disc(0.5) WITHIN GROUP (ORDER BY n) AS median FROM (SELECT count(*) AS n FROM enrollments GROUP BY course_id) x`,
    );
    expect(Number(skew.top)).toBeGreaterThan(4 * Number(skew.median));
    const span = await one<{ users_days: number; attempts_days: number; last_week: string }>(
      `SELECT extract(day FROM now() - min(created_at)) AS users_days,
              (SELECT extract(day FROM max(created_at) - min(created_at)) FROM quiz_attempts) AS attempts_days,
              count(*) FILTER (WHERE created_at > now() - interval '7 days') AS last_week
         FROM users WHERE role = 'user'`,
    );
    expect(Number(span.users_days)).toBeGreaterThan(300);
    expect(Number(span.attempts_days)).toBeGreaterThan(200);
    expect(Number(span.last_week)).toBeGreaterThan(0);
  });

  it("keeps every foreign key and the data's own rules", async () => {
    // Foreign keys (the load ran with their checks off): no orphans anywhere.
    expect(await count(`SELECT 1 FROM quiz_answers a LEFT JOIN quiz_attempts t ON t.id = a.attempt_id WHERE t.id IS NULL`)).toBe(0);
    expect(await count(`SELECT 1 FROM quiz_answers a LEFT JOIN quiz_questions q ON q.id = a.question_id WHERE q.id IS NULL`)).toBe(0);
    expect(await count(`SELECT 1 FROM quiz_attempts a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN courses c ON c.id = a.course_id WHERE u.id IS NULL OR c.id IS NULL`)).toBe(0);
    expect(await count(`SELECT 1 FROM enrollments e LEFT JOIN users u ON u.id = e.user_id LEFT JOIN courses c ON c.id = e.course_id WHERE u.id IS NULL OR c.id IS NULL`)).toBe(0);
    expect(await count(`SELECT 1 FROM user_topics x LEFT JOIN topics t ON t.id = x.topic_id WHERE t.id IS NULL`)).toBe(0);
    expect(await count(`SELECT 1 FROM course_subsections s LEFT JOIN course_sections p ON p.id = s.section_id WHERE p.id IS NULL`)).toBe(0);
// Every index the load dropped (primary keys and unique ones included) is back, as it was.
    expect(await listIndexes()).toEqual(indexesBefore);

    // Attempts: by enrolled learners, after enrolling; a section's quiz only after every earlier one was passed.
    expect(await count(`SELECT 1 FROM quiz_attempts a LEFT JOIN enrollments e USING (user_id, course_id) WHERE e.user_id IS NULL OR a.created_at < e.enrolled_at OR a.created_at > now()`)).toBe(0);
    expect(
      await count(`SELECT 1 FROM quiz_attempts a WHERE a.section_index > 0 AND NOT EXISTS (
        SELECT 1 FROM quiz_attempts p WHERE p.user_id = a.user_id AND p.course_id = a.course_id AND p.section_index = a.section_index - 1 AND p.passed AND p.created_at < a.created_at)`),
    ).toBe(0);
    // Answers: five distinct questions of the attempt's own section; right = the correct option; score and pass follow.
    expect(
      await count(`SELECT 1 FROM quiz_answers x JOIN quiz_attempts a ON a.id = x.attempt_id JOIN quiz_questions q ON q.id = x.question_id JOIN course_sections s ON s.id = q.section_id
        WHERE s.course_id <> a.course_id OR s.position <> a.section_index OR x.is_correct <> (x.chosen_option IS NOT DISTINCT FROM q.correct_answer)
           OR (NOT x.is_correct AND x.chosen_option IS NOT NULL AND NOT x.chosen_option = ANY(q.options))`),
    ).toBe(0);
    expect(
      await count(`SELECT 1 FROM quiz_attempts a JOIN (SELECT attempt_id, count(*) AS n, count(*) FILTER (WHERE is_correct) AS right FROM quiz_answers GROUP BY attempt_id) x ON x.attempt_id = a.id
        WHERE x.n <> a.total OR x.right <> a.score OR a.passed <> (a.score = a.total)`),
    ).toBe(0);

    // Progress: 0..100, completed exactly at 100 (no earlier than enrolling), 100 exactly when every section's quiz is passed,
    // and what the reader position and passed quizzes earn by lib/catalogue/course-shape/progress.ts.
    const rows = (
      await client.query<{ progress: number; furthest_unit: number; passed: string; completed: boolean; completed_early: boolean; n: string }>(
        `SELECT e.progress, e.furthest_unit, coalesce(p.passed, 0) AS passed, e.completed_at IS NOT NULL AS completed,
                coalesce(e.completed_at < e.enrolled_at, false) AS completed_early, count(*) AS n
           FROM enrollments e
           LEFT JOIN (SELECT user_id, course_id, count(DISTINCT section_index) AS passed FROM quiz_attempts WHERE passed GROUP BY user_id, course_id) p USING (user_id, course_id)
          GROUP BY 1, 2, 3, 4, 5`,
      )
    ).rows;
    for (const row of rows) {
      const passed = Number(row.passed);
      expect(row.progress).toBe(earnedProgress(COURSE_SHAPE, row.furthest_unit, passed));
      expect(row.completed).toBe(row.progress === 100);
      expect(row.completed).toBe(passed === SECTIONS_PER_COURSE);
      expect(row.completed_early).toBe(false);
    }
    // Every state occurs: not started, part-way, finished.
    expect(new Set(rows.map((r) => r.progress)).size).toBeGreaterThan(8);
  });

  it("the app works on it: sign-in with the shared password, the admin summaries match the rows, and they follow new writes", async () => {
    const login = await call("POST /log_in", { form: { username: "admin1@synth.learnpath.test", password: SYNTH_PASSWORD } });
    expect(login.status).toBe(200);
    const token: string = login.body.access_token;

    const stats = await call("GET /dashboard/stats", { token });
    expect(stats.status).toBe(200);
    const truth = await one<{ users: string; attempts: string; passed: string; top: string }>(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM quiz_attempts) AS attempts,
              (SELECT count(*) FROM quiz_attempts WHERE passed) AS passed,
              (SELECT max(n) FROM (SELECT count(DISTINCT e.user_id) AS n FROM enrollments e JOIN courses c ON c.id = e.course_id GROUP BY c.topic_id) t) AS top`,
    );
    expect(stats.body).toMatchObject({ user_count: Number(truth.users), quiz_count: Number(truth.attempts), passed_quizzes: Number(truth.passed) });
    expect(stats.body.most_attempted[0].user_count).toBe(Number(truth.top));

    // The Questions panel's first page: the most answered question is the one with the most answers.
    const questions = await call("GET /quiz-questions/stats", { token, path: "/quiz-questions/stats?limit=5" });
    expect(questions.status).toBe(200);
    expect(Number(questions.headers.get("x-total-count"))).toBe(result.counts.quiz_questions);
    const unflagged = questions.body.find((q: { flag: string | null }) => q.flag === null);
    if (unflagged) {
      const answers = await one<{ n: string }>(`SELECT count(*) AS n FROM quiz_answers WHERE question_id = ${Number(unflagged.id)}`);
      expect(unflagged.attempts).toBe(Number(answers.n));
    }

    // The e-mail search (trigram index) finds a learner by a piece of their address.
    const learner = await one<{ email: string }>(`SELECT email FROM users WHERE role = 'user' ORDER BY id OFFSET 123 LIMIT 1`);
    const piece = learner.email.split("@")[0]!.slice(-8);
    const search = await call("GET /users", { token, path: `/users?search=${encodeURIComponent(piece)}` });
    expect(search.body.map((u: { email: string }) => u.email)).toContain(learner.email);

    // After the load the triggers are on again and the identity sequences past the synthetic ids.
    const newcomer = await createUser();
    expect(newcomer.user.id).toBeGreaterThan(result.counts.users);
    const after = await call("GET /dashboard/stats", { token });
    expect(after.body.user_count).toBe(stats.body.user_count + 1);
  });
});
