import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../../../db/client";

/** Whether pg-boss has made its job table yet (the worker, or the first job sent, creates it): reads of queued jobs answer none before. */
export async function jobTableExists(db: DatabaseOrTransaction): Promise<boolean> {
  const [row] = (await db.execute<{ present: boolean }>(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`)).rows;
  return row?.present === true;
}
