import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { topics } from "../../db/schema";
import { catalogueVersion } from "./catalogue-version";

/*
 * Concurrent calls share their reads of the catalogue version, but a call never takes a read
 * that was already under way when it was made: it sees every write committed before it.
 */
describe("catalogueVersion", () => {
  it("sees a write committed while an earlier read was under way, and many calls at once agree", async () => {
    const db = getDb();
    const before = await catalogueVersion();
    const underWay = catalogueVersion();
    const [topic] = await db.insert(topics).values({ title: `Version ${process.pid} ${before}` }).returning();
    const after = await catalogueVersion();
    expect(after).toBeGreaterThan(before);
    expect(await underWay).toBeGreaterThanOrEqual(before);

    const together = await Promise.all(Array.from({ length: 20 }, () => catalogueVersion()));
    expect(Math.min(...together)).toBeGreaterThanOrEqual(after);
    await db.delete(topics).where(eq(topics.id, topic!.id));
    expect(await catalogueVersion()).toBeGreaterThan(Math.max(...together));
  });
});
