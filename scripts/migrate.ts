// `npm run db:migrate`: apply pending migrations to DATABASE_URL (or the embedded database).
import { runMigrations } from "../db/migrate";
import { resolveDatabase } from "./lib/database";
import { loadDotEnv } from "./lib/load-dotenv";

loadDotEnv();
const database = await resolveDatabase();
try {
  await runMigrations(database.url);
  console.log("migrations applied");
} finally {
  await database.stop();
}
