// `npm run db:counts`: how many users, topics, courses, sections, subsections and quiz questions the database holds.
import { createDb } from "../db/client";
import { countCatalogue } from "../db/seed/counts";
import { resolveDatabase } from "./lib/database";
import { loadDotEnv } from "./lib/load-dotenv";

loadDotEnv();
const database = await resolveDatabase();
try {
  const { db, pool } = createDb(database.url, 1);
  const counts = await countCatalogue(db);
  await pool.end();
  for (const [name, n] of Object.entries(counts)) console.log(`${name.padEnd(14)} ${n}`);
} finally {
  await database.stop();
}
