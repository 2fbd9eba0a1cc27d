import { Pool } from "pg";
import { watchPoolConnections } from "../../db/connection-errors";
import { runMigrations } from "../../db/migrate";
import { createDb } from "../../db/client";
import { seedDatabase } from "../../db/seed";
import { estimateCourseMinutes } from "../../lib/catalogue/courses/duration";
import { hashPassword } from "../../lib/accounts/auth/password";

/*
 * The load test's data: migrations, the seed catalogue and admin, and the simulated learners,
 * written straight into the database with one argon2 hash (computed once, at the app's cost)
 * shared by all of them: signing up 200 learners through e-mail codes would test the mail path,
 * not the load.
 */

export type Account = { id: number; email: string; password: string };

export const ADMIN = { email: "load-admin@load.test", password: "load-admin-password" };
const LEARNER_PASSWORD = "load-learner-password";

export async function prepareDatabase(url: string, learnerCount: number): Promise<{ learners: Account[]; probe: Account }> {
  await runMigrations(url);
  const { db, pool } = createDb(url, 2);
  try {
    await seedDatabase(db, {
      admin: ADMIN,
      learner: { email: "load-seed-learner@load.test", password: "load-seed-learner-password" },
      production: true,
      hashPassword,
      estimateCourseMinutes,
    });
  } finally {
    await pool.end();
  }
  const hash = await hashPassword(LEARNER_PASSWORD);
  const client = new Pool({ connectionString: url, max: 1 });
  watchPoolConnections(client);
  try {
    const { rows } = await client.query<{ id: number; email: string }>(
      `WITH created AS (
         INSERT INTO users (first_name, last_name, email, role, email_verified)
         SELECT 'Load', 'Learner ' || i, 'load-learner-' || i || '@load.test', 'user', true
         FROM generate_series(0, $2::int) AS i
         RETURNING id, email
       ), passwords AS (
         INSERT INTO accounts (user_id, provider_id, account_id, password) SELECT id, 'credential', id::text, $1 FROM created
       )
       SELECT id, email FROM created`,
      [hash, learnerCount],
    );
    const accounts = rows.map((r) => ({ id: r.id, email: r.email, password: LEARNER_PASSWORD }));
    // The last one is kept aside for the rate-limit probe (wrong passwords only).
    const probe = accounts.find((a) => a.email === `load-learner-${learnerCount}@load.test`)!;
    return { learners: accounts.filter((a) => a !== probe), probe };
  } finally {
    await client.end();
  }
}
