import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";

/** Whether pg-boss has made its job table yet (the worker, or the first job sent, creates it): reads of queued jobs answer none before. */
export async function jobTableExists(): Promise<boolean> {
  const [row] = (await getDb().execute<{ present: boolean }>(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`)).rows;
  return row?.present === true;
}
