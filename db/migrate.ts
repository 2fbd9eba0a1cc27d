import { join } from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Client } from "pg";
import { watchClient } from "./connection-errors";

export const MIGRATIONS_FOLDER = join(process.cwd(), "db", "migrations");

// Any fixed number: several instances starting together take turns instead of racing.
const MIGRATION_LOCK_ID = 727_001;

/** Applies pending migrations; safe to run again and from several processes at once. */
export async function runMigrations(connectionString: string, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  // A cut connection fails the migration (the caller reports it) instead of ending the process.
  const client = watchClient(new Client({ connectionString }));
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
