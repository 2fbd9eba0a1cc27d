import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { courses, topics, users } from "../../../db/schema";
import { call } from "../../../tests/harness/http";
import { createWorld, type Account } from "../../../tests/api/world";

/*
 * GET /topics is kept per process under the catalogue version (lib/catalogue/courses/catalogue-version.ts)
 * and answers with a strong ETag of the caller's view. Writes made straight in the database (as
 * another instance or the worker would make them) show in the very next answer, and a view is
 * only ever handed to the caller it was made for, whatever tag is sent.
 */

type TopicJson = { id: number; title: string; creator: { first_name: string; last_name: string } | null; courses: { id: number; course_title: string }[] };

const list = async (who: Account | null, ifNoneMatch?: string) => {
  const res = await call("GET /topics", { token: who?.token, headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {} });
  return { status: res.status, etag: res.headers.get("etag")!, topics: res.body as TopicJson[] };
};

describe("GET /topics", () => {
  it("answers If-None-Match with the current ETag by 304 without a body, and with a new answer after any catalogue write", async () => {
    const world = await createWorld();
    const db = getDb();
    const first = await list(null);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await call("GET /topics", { headers: { "if-none-match": `W/"other", ${first.etag}` } });
    expect([unchanged.status, unchanged.body, unchanged.headers.get("etag")]).toEqual([304, undefined, first.etag]);

    // Each write moves the answer: its ETag changes and the old one gets the whole list again.
    const writes: [string, () => Promise<unknown>, (topic: TopicJson | undefined) => unknown][] = [
      ["a topic renamed", () => db.update(topics).set({ title: `Renamed ${world.topicId}` }).where(eq(topics.id, world.topicId)), (t) => t?.title],
      [
        "a course added",
        () => db.insert(courses).values({ topicId: world.topicId, title: "Added", level: "Beginner", generationStatus: "done" }),
        (t) => t?.courses.map((c) => c.course_title),
      ],
      ["its creator renamed", () => db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, world.admin.id)), (t) => t?.creator?.first_name],
      ["the topic deleted", () => db.delete(topics).where(eq(topics.id, world.topicId)), (t) => t],
    ];
    await db.update(topics).set({ createdBy: world.admin.id }).where(eq(topics.id, world.topicId));
    let previous = await list(null);
    const seen: unknown[] = [];
    for (const [, write, read] of writes) {
      await write();
      const next = await list(null, previous.etag);
      expect(next.status).toBe(200);
      expect(next.etag).not.toBe(previous.etag);
      seen.push(read(next.topics.find((t) => t.id === world.topicId)));
      previous = next;
    }
    expect(seen).toEqual([`Renamed ${world.topicId}`, ["Added"], "Renamed", undefined]);
  });

  it("keeps each caller's view to that caller: a learner's personal courses for them and admins only, whatever ETag is sent", async () => {
    const world = await createWorld();
    const personal = async (owner: Account, title: string) =>
      (await getDb().insert(courses).values({ topicId: world.topicId, title, level: "Beginner", requestedBy: owner.id, generationStatus: "done" }).returning({ id: courses.id }))[0]!.id;
    const forA = await personal(world.a, "Only for A");
    const forB = await personal(world.b, "Only for B");
    const coursesOf = (view: Awaited<ReturnType<typeof list>>) => view.topics.find((t) => t.id === world.topicId)?.courses.map((c) => c.id);
    const [visitor, a, b, admin] = await Promise.all([list(null), list(world.a), list(world.b), list(world.admin)]);
    expect([coursesOf(visitor), coursesOf(a), coursesOf(b), coursesOf(admin)]).toEqual([[], [forA], [forB], [forA, forB]]);
    expect(new Set([visitor.etag, a.etag, b.etag, admin.etag]).size).toBe(4);
    // Another caller's tag never earns a 304, and the answer is still the sender's own view.
    const own = new Map<Account | null, number[]>([[null, []], [world.a, [forA]], [world.b, [forB]], [world.admin, [forA, forB]]]);
    for (const [who, foreign] of [[world.b, a.etag], [null, admin.etag], [world.a, admin.etag], [world.admin, a.etag], [world.a, visitor.etag]] as const) {
      const answer = await list(who, foreign);
      expect(answer.status).toBe(200);
      expect(coursesOf(answer)).toEqual(own.get(who));
    }
    expect((await list(world.a, a.etag)).status).toBe(304);
  });
});
