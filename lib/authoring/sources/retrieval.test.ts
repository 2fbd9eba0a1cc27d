import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { sourcePassages, sources, topics } from "../../../db/schema";
import { retrievePassages } from "./retrieval";

/*
 * Retrieval over 10,000 passages (docs/sources.md, "Retrieval"): the passage a question is about
 * comes first, and only the scope asked for (a topic's ready sources, or chosen sources) is
 * searched. How fast is measured by the benchmark, not here.
 */

const db = getDb();

async function topicWithSource(title: string, status: "ready" | "extracting" = "ready") {
  const [topic] = await db.insert(topics).values({ title: `${title} ${Date.now()}-${Math.random()}` }).returning({ id: topics.id });
  const [source] = await db
    .insert(sources)
    .values({ topicId: topic!.id, fileName: `${title}.pdf`, mediaType: "application/pdf", byteSize: 1, sha256: `${title}`.padEnd(64, "0"), status })
    .returning({ id: sources.id });
  return { topicId: topic!.id, sourceId: source!.id };
}

/** `count` passages of filler drawn from a vocabulary by position (so every one differs), pages of 5. */
async function fill(sourceId: number, count: number) {
  await db.execute(sql`
    INSERT INTO source_passages (source_id, position, page, heading, text)
    SELECT ${sourceId}, i, i / 5 + 1, 'Chapter ' || (i / 50 + 1),
           (SELECT string_agg((ARRAY['river','mountain','ledger','harbour','engine','orchard','lantern','meadow','copper','signal'])[1 + (i * 7 + k * 3) % 10], ' ')
              FROM generate_series(1, 150) k)
      FROM generate_series(0, ${count - 1}) i`);
}

describe("retrieval by full-text search", () => {
  it("finds the one passage about a question among 10,000, within the topic asked about", async () => {
    const handbook = await topicWithSource("handbook");
    await fill(handbook.sourceId, 10_000);
    await db.insert(sourcePassages).values({ sourceId: handbook.sourceId, position: 10_000, page: 2001, heading: "Expenses", text: "Travel expenses are reimbursed within thirty days of the claim, with receipts attached." });
    const other = await topicWithSource("other");
    await db.insert(sourcePassages).values({ sourceId: other.sourceId, position: 0, page: 1, heading: null, text: "Expenses for travel are never reimbursed here." });
    const unfinished = await topicWithSource("unfinished", "extracting");
    await db.insert(sourcePassages).values({ sourceId: unfinished.sourceId, position: 0, page: 1, heading: null, text: "Travel expenses reimbursed at once." });

    const hits = await retrievePassages(db, { topicId: handbook.topicId }, "how are travel expenses reimbursed?");
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ sourceId: handbook.sourceId, fileName: "handbook.pdf", page: 2001, heading: "Expenses", position: 10_000 });
    expect(hits[0]!.text).toContain("thirty days");

    // A lesson title with words the source never uses still finds the passage it is about.
    expect((await retrievePassages(db, { topicId: handbook.topicId }, "Claiming travel costs: the approval workflow"))[0]?.position).toBe(10_000);

    // Once ANALYZE has counted the words, one that nearly every passage has does not drown the telling one.
    await db.execute(sql`ANALYZE source_passages`);
    const telling = await retrievePassages(db, { topicId: handbook.topicId }, "river expenses", 3);
    expect(telling.map((h) => h.position)).toEqual([10_000]);

    // The filler is found too, best matches first, at most `limit`.
    const filler = await retrievePassages(db, { topicId: handbook.topicId }, "lantern meadow", 5);
    expect(filler).toHaveLength(5);
    expect(filler.map((h) => h.rank)).toEqual([...filler.map((h) => h.rank)].sort((a, b) => b - a));

    // A set of sources instead of a topic; a source still being read is never searched.
    expect((await retrievePassages(db, { sourceIds: [other.sourceId, unfinished.sourceId] }, "travel expenses")).map((h) => h.sourceId)).toEqual([other.sourceId]);
    expect(await retrievePassages(db, { sourceIds: [] }, "travel")).toEqual([]);
    // Any text is a valid question: quotes, operators, stop words only, symbols.
    for (const question of ['"thirty days" -never', "the of and", "'); DROP TABLE sources; --", ""]) {
      await expect(retrievePassages(db, { topicId: handbook.topicId }, question)).resolves.toBeInstanceOf(Array);
    }
  });
});
