import { PgBoss } from "pg-boss";

/** A pg-boss instance on the app's database (its tables live in the `pgboss` schema). */
export function createBoss(connectionString: string): PgBoss {
  const boss = new PgBoss({ connectionString, max: 4 });
  boss.on("error", (error) => console.error("[jobs] pg-boss error:", error instanceof Error ? error.message : error));
  return boss;
}
