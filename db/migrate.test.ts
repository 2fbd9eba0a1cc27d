import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "./client";
import { runMigrations } from "./migrate";

describe("runMigrations", () => {
  it("is a no-op on an up-to-date database, even when several processes run it at once", async () => {
    const url = process.env.DATABASE_URL!;
    const before = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
    const after = await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(before.rows[0]!.n).toBeGreaterThanOrEqual(1);
  });
});
