import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rateLimits, topics } from "../../db/schema";
import { changedTables, fingerprint } from "./db-fingerprint";

// The attack tests' "a refused call writes nothing" rests on this fingerprint seeing every write.
describe("the write fingerprint", () => {
  it("sees an insert, an update that stores the same values and a delete, in the table written (the catalogue counters a trigger keeps count too)", async () => {
    const start = await fingerprint();
    const [topic] = await getDb().insert(topics).values({ title: "Fingerprinted" }).returning();
    const inserted = await fingerprint();
    expect(changedTables(start, inserted)).toContain("topics");

    await getDb().update(topics).set({ title: "Fingerprinted" }).where(eq(topics.id, topic!.id));
    const updated = await fingerprint();
    expect(changedTables(inserted, updated)).toContain("topics");

    await getDb().delete(topics).where(eq(topics.id, topic!.id));
    expect(changedTables(updated, await fingerprint())).toContain("topics");
  });

  it("counts nothing for a write that was rolled back, nor for the rate-limit counters", async () => {
    const before = await fingerprint();
    await expect(
      getDb().transaction(async (tx) => {
        await tx.insert(topics).values({ title: "Rolled back" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await getDb().delete(rateLimits);
    await getDb().execute(sql`SELECT 1`);
    expect(await fingerprint()).toEqual(before);
  });
});
