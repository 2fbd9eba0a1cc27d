// `npm run db:seed`: write the seed accounts and catalogue (idempotent: nothing is duplicated).
// With --if-empty, on a database that already has users or topics it only tops up the seed
// courses' quiz pools (db/seed/top-up.ts) and estimates the durations of courses stored before
// durations were estimated (lib/catalogue/courses/store-duration.ts).
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { describeSeedAccounts, isDatabaseEmpty, seedDatabase, topUpSeedQuizzes } from "../db/seed";
import { hashPassword } from "../lib/accounts/auth/password";
import { estimateCourseMinutes } from "../lib/catalogue/courses/duration";
import { backfillCourseDurations } from "../lib/catalogue/courses/store-duration";
import { parseEnv } from "../lib/platform/env";
import { resolveDatabase } from "./lib/database";
import { loadDotEnv } from "./lib/load-dotenv";

loadDotEnv();
const database = await resolveDatabase();
try {
  const env = parseEnv({ ...process.env, DATABASE_URL: database.url, AUTH_SECRET: process.env.AUTH_SECRET ?? "seed-does-not-sign-anything-000000" });
  await runMigrations(database.url);
  const { db, pool } = createDb(database.url, 2);
  try {
    if (process.argv.includes("--if-empty") && !(await isDatabaseEmpty(db))) {
      // An upgrade: the data stays, the seed courses' quiz pools grow to the catalogue's.
      const added = await topUpSeedQuizzes(db);
      const estimated = await backfillCourseDurations(db);
      console.log(`seed: the database already has data; ${added} catalogue quiz items added to seed courses, ${estimated} course durations estimated`);
    } else {
      const result = await seedDatabase(db, {
        admin: { email: env.SEED_ADMIN_EMAIL, password: env.SEED_ADMIN_PASSWORD },
        learner: { email: env.SEED_LEARNER_EMAIL, password: env.SEED_LEARNER_PASSWORD },
        production: env.NODE_ENV === "production",
        hashPassword,
        estimateCourseMinutes,
      });
      // Courses that were already there (a seed run on a database with data) may predate the estimate.
      await backfillCourseDurations(db);
      console.log(`seed: ${result.topicsCreated} topics and ${result.coursesCreated} courses created, ${result.questionsAdded} quiz items added to existing ones`);
      console.log(describeSeedAccounts(result.accounts));
    }
  } finally {
    await pool.end();
  }
} finally {
  await database.stop();
}
