import type pg from "pg";

/*
 * Equal state for the bench's JSON check (docs/performance.md, "Honest twins"): everything stored
 * about one learner, so that the twin's call can be made on exactly the state the app's call
 * found. Every table with a user_id column, the user's own row, the learner's attempt items (kept
 * under their draw) and rate-limit counters (keyed "<name>:user:<id>"). Not sessions: "last seen"
 * is moved after a request returns, by the app and its twin alike, at most every few minutes.
 *
 * The check: take a fingerprint, call the app, note which tables changed, put those back as they
 * were (and make sure they are), call the twin, and note which tables its call changed: the twin
 * must change the same ones.
 */

type Part = { table: string; where: string };

/** The parts of the database that belong to one learner (`$1` in `where`: the learner's id). */
export async function learnerParts(db: pg.Pool): Promise<Part[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE' AND table_name <> 'sessions' ORDER BY table_name`,
  );
  return [
    { table: "users", where: "id = $1" },
    ...rows.map((r) => ({ table: r.table_name, where: "user_id = $1" })),
    { table: "quiz_draw_items", where: "draw_id IN (SELECT id FROM quiz_draws WHERE user_id = $1)" },
    { table: "rate_limits", where: "key LIKE ('%:user:' || $1::text)" },
  ];
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A digest of each part's rows (all columns), to see which a call changed. */
export async function fingerprint(db: pg.Pool, parts: Part[], userId: number): Promise<Map<string, string>> {
  const digests = await Promise.all(
    parts.map(async ({ table, where }) => {
      const { rows } = await db.query(`SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM ${quoted(table)} t WHERE ${where}`, [userId]);
      return [table, rows[0].digest as string] as const;
    }),
  );
  return new Map(digests);
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()].filter((table) => before.get(table) !== after.get(table));
}

export type Snapshot = Map<string, unknown[]>;

/** Every row of every part, as JSON. */
export async function snapshot(db: pg.Pool, parts: Part[], userId: number): Promise<Snapshot> {
  const copies = await Promise.all(
    parts.map(async ({ table, where }) => {
      const { rows } = await db.query(`SELECT coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) AS rows FROM ${quoted(table)} t WHERE ${where}`, [userId]);
      return [table, rows[0].rows as unknown[]] as const;
    }),
  );
  return new Map(copies);
}

/**
 * Puts these tables' rows of the learner back as the snapshot has them, in one transaction: rows
 * the call added deleted, rows it changed updated in place (so nothing that hangs off them by a
 * cascading key is lost), rows it deleted inserted again with their ids.
 */
export async function restore(db: pg.Pool, parts: Part[], tables: string[], userId: number, saved: Snapshot): Promise<void> {
  const client = await db.connect();
  try {
    await client.query("begin");
    for (const { table, where } of parts.filter((p) => tables.includes(p.table))) {
      const { rows: columns } = await client.query<{ name: string; key: boolean }>(
        `SELECT a.attname AS name, coalesce(a.attnum = ANY(i.indkey), false) AS key
           FROM pg_attribute a LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
          WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum`,
        [quoted(table)],
      );
      const keys = columns.filter((c) => c.key).map((c) => quoted(c.name));
      const others = columns.filter((c) => !c.key).map((c) => quoted(c.name));
      const all = columns.map((c) => quoted(c.name));
      if (!keys.length) throw new Error(`${table} has no primary key: its rows cannot be put back`);
      const sameKey = (a: string, b: string) => keys.map((k) => `${a}.${k} = ${b}.${k}`).join(" AND ");
      const rows = JSON.stringify(saved.get(table) ?? []);
      const savedRows = (param: number) => `(SELECT * FROM jsonb_populate_recordset(null::${quoted(table)}, $${param}::jsonb))`;
      await client.query(`DELETE FROM ${quoted(table)} t WHERE (${where}) AND NOT EXISTS (SELECT 1 FROM ${savedRows(2)} s WHERE ${sameKey("s", "t")})`, [userId, rows]);
      if (others.length) {
        await client.query(`UPDATE ${quoted(table)} t SET (${others.join(", ")}) = ROW(${others.map((c) => `s.${c}`).join(", ")}) FROM ${savedRows(1)} s WHERE ${sameKey("t", "s")}`, [rows]);
      }
      await client.query(
        `INSERT INTO ${quoted(table)} (${all.join(", ")}) OVERRIDING SYSTEM VALUE SELECT ${all.map((c) => `s.${c}`).join(", ")} FROM ${savedRows(1)} s
          WHERE NOT EXISTS (SELECT 1 FROM ${quoted(table)} t WHERE ${sameKey("t", "s")})`,
        [rows],
      );
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
