import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "../../../db/client";
import { users } from "../../../db/schema";
import { pollUntil } from "../../../tests/harness/poll";

/*
 * The header counts a learner's unread notifications on every page, and the list reads them a page
 * at a time (docs/performance.md, "Pages"): each must be one short walk of its own index, whatever
 * other users hold. With 200 users of 200 notifications each, half of them read, the planner
 * picks the index (no timing: the plan's shape). An index on "id DESC NULLS LAST" once made the
 * list walk the whole primary key backwards instead. Each learner holds a small share of the
 * table, as in production: with 20 owners of 5% each, a backward walk of the primary key was
 * estimated at about the index's cost and won now and then, so the test failed on luck and not on
 * the index. The plan depends on how much of the table the visibility map marks all-visible (what
 * autovacuum keeps true in production); a transaction still open elsewhere on the shared test
 * server can hold one VACUUM back, so it runs until the map covers every page.
 */

const plan = async (query: string) => JSON.stringify((await getDb().execute(sql.raw(`EXPLAIN (FORMAT JSON) ${query}`))).rows);

it("the unread count and the list each read their own index", { timeout: 60_000 }, async () => {
  const run = `${process.pid}-${Date.now()}`;
  const owners = await getDb()
    .insert(users)
    .values(Array.from({ length: 200 }, (_, i) => ({ firstName: "Inbox", lastName: `Owner${i}`, email: `inbox-plan-${run}-${i}@example.com` })))
    .returning({ id: users.id });
  await getDb().execute(sql`
    INSERT INTO notifications (user_id, kind, payload, event_key, read_at)
    SELECT owner, 'course_ready', '{"course_id": 1, "course_title": "A course"}', 'plan:' || g, CASE WHEN g % 2 = 0 THEN now() END
      FROM unnest(${`{${owners.map((o) => o.id).join(",")}}`}::int[]) owner, generate_series(1, 200) g`);
  await pollUntil(
    "the visibility map to cover every page of notifications",
    async () => {
      await getDb().execute(sql`VACUUM ANALYZE notifications`);
      const { rows } = await getDb().execute<{ pages: number; visible: number }>(
        sql`SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'notifications'`,
      );
      return rows[0]!;
    },
    ({ pages, visible }) => pages > 0 && visible === pages,
    30_000,
  );
  const id = owners[30]!.id;
  const count = await plan(`SELECT count(*)::int AS n FROM (SELECT 1 FROM notifications WHERE user_id = ${id} AND read_at IS NULL LIMIT 100) unread`);
  expect(count).toContain("notifications_user_unread_idx");
  for (const cursor of ["", " AND id < 2000000"]) {
    const list = await plan(`SELECT id, kind, payload, read_at, created_at FROM notifications WHERE user_id = ${id}${cursor} ORDER BY id DESC LIMIT 21`);
    expect(list).toContain("notifications_user_newest_idx");
    expect(list).not.toContain("notifications_pkey");
  }
});
