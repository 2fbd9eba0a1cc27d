import type pg from "pg";

/**
 * Learners written straight into the benchmark's database, as the seed writes its learner: a
 * user row and a session row each, whose token (32 letters and digits) is the bearer token. No
 * sign-up, so no password hashing and no sign-up limit. Returns their tokens.
 */
export async function insertBenchLearners(db: pg.Pool, count: number, prefix: string): Promise<string[]> {
  const { rows } = await db.query<{ token: string }>(
    `WITH u AS (
       INSERT INTO users (first_name, last_name, email, email_verified)
       SELECT 'Bench', 'Learner ' || g, $2 || '-' || g || '@bench.learnpath.test', true FROM generate_series(1, $1) g RETURNING id)
     INSERT INTO sessions (token, user_id, expires_at) SELECT md5(id || ':' || random()), id, now() + interval '1 day' FROM u RETURNING token`,
    [count, prefix],
  );
  return rows.map((r) => r.token);
}
