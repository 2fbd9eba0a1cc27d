import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { topics } from "../../../db/schema";
import { catalogueVersion } from "./catalogue-version";

/*
 * Concurrent calls share their reads of the catalogue version, but a call never takes a read
 * that was already under way when it was made: it sees every write committed before it.
 */
describe("catalogueVersion", () => {
  it("sees a write committed while an earlier read was under way, and many calls at once agree", async () => {
    const db = getDb();
    const before = await catalogueVersion(db);
    const underWay = catalogueVersion(db);
    const [topic] = await db.insert(topics).values({ title: `Version ${process.pid} ${before}` }).returning();
    const after = await catalogueVersion(db);
    expect(after).toBeGreaterThan(before);
    expect(await underWay).toBeGreaterThanOrEqual(before);

    const together = await Promise.all(Array.from({ length: 20 }, () => catalogueVersion(db)));
    expect(Math.min(...together)).toBeGreaterThanOrEqual(after);
    await db.delete(topics).where(eq(topics.id, topic!.id));
    expect(await catalogueVersion(db)).toBeGreaterThan(Math.max(...together));
  });

  it("moves on a statement that changed rows, not on one that changed none (a refused update or delete)", async () => {
    const db = getDb();
    const [topic] = await db.insert(topics).values({ title: `Unchanged ${process.pid}` }).returning();
    const before = await catalogueVersion(db);
    await db.update(topics).set({ title: "Nobody" }).where(eq(topics.id, 999_999_999));
    await db.delete(topics).where(eq(topics.id, 999_999_999));
    expect(await catalogueVersion(db)).toBe(before);
    await db.update(topics).set({ title: `Changed ${process.pid}` }).where(eq(topics.id, topic!.id));
    expect(await catalogueVersion(db)).toBeGreaterThan(before);
  });
});
