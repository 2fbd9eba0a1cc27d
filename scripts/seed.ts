// `npm run db:seed`: write the seed accounts and catalogue (idempotent: nothing is duplicated).
// With --if-empty it does nothing on a database that already has users or topics.
import { createDb } from "../db/client";
import { runMigrations } from "../db/migrate";
import { describeSeedAccounts, isDatabaseEmpty, seedDatabase } from "../db/seed";
import { hashPassword } from "../lib/auth/password";
import { parseEnv } from "../lib/env";
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
      console.log("seed: the database already has data; nothing to do");
    } else {
      const result = await seedDatabase(db, {
        admin: { email: env.SEED_ADMIN_EMAIL, password: env.SEED_ADMIN_PASSWORD },
        learner: { email: env.SEED_LEARNER_EMAIL, password: env.SEED_LEARNER_PASSWORD },
        production: env.NODE_ENV === "production",
        hashPassword,
      });
      console.log(`seed: ${result.topicsCreated} topics and ${result.coursesCreated} courses created`);
      console.log(describeSeedAccounts(result.accounts));
    }
  } finally {
    await pool.end();
  }
} finally {
  await database.stop();
}
