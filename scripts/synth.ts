// `npm run db:synth -- --learners 100000 [--reset]`
//
// Writes a large synthetic data set (scripts/synth/synthesize.ts) into DATABASE_URL or the
// embedded PostgreSQL under DATA_DIR (default .data/), after applying the migrations. The
// database must hold no users and no topics (a fresh one), unless --reset empties it first.
// Every synthetic account (admin1@synth.learnpath.test … and the learners) has the password
// SYNTH_PASSWORD below: one argon2 hash, computed once and shared.
import { parseArgs } from "node:util";
import { Client } from "pg";
import { watchClient } from "../db/connection-errors";
import { runMigrations } from "../db/migrate";
import { hashPassword } from "../lib/accounts/auth/password";
import { resolveDatabase } from "./lib/database";
import { loadDotEnv } from "./lib/load-dotenv";
import { SYNTH_PASSWORD } from "./synth/password";
import { synthesize } from "./synth/synthesize";

const { values } = parseArgs({ options: { learners: { type: "string", default: "100000" }, reset: { type: "boolean", default: false } } });

loadDotEnv();
const database = await resolveDatabase();
try {
  await runMigrations(database.url);
  const client = watchClient(new Client({ connectionString: database.url }));
  await client.connect();
  try {
    console.log(`db:synth: ${Number(values.learners).toLocaleString("en")} learners${values.reset ? " (emptying the database first)" : ""}`);
    const result = await synthesize(client, {
      learners: Number(values.learners),
      passwordHash: await hashPassword(SYNTH_PASSWORD),
      reset: values.reset,
      log: (line) => console.log(line),
    });
    console.log(`\nwritten in ${result.seconds.toFixed(0)} s:`);
    for (const [name, n] of Object.entries(result.counts)) console.log(`  ${name.padEnd(20)} ${n.toLocaleString("en").padStart(12)}`);
    console.log(`\nsign in as admin1@synth.learnpath.test (or any learner) with the password "${SYNTH_PASSWORD}"`);
  } finally {
    await client.end();
  }
} finally {
  await database.stop();
}
