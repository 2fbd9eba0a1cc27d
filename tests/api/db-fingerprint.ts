import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";

/*
 * Which tables requests have written: every row inserted, updated or deleted (and every TRUNCATE)
 * in any of the app's tables is counted per table by a trigger, in the writing transaction, so a
 * write that was rolled back counts nothing and one that committed always counts, even when it
 * stored the values the row already held. A new table is covered without being named here.
 *
 * Three tables are left out on purpose: refused sign-ins and code requests count in the rate-limit
 * tables, and that is the point of them; an upload claims its slot (source_uploads) before its body
 * is read and gives it back when the upload is refused, so a refusal writes there and leaves
 * nothing. The triggers go into the test file's own database the first time it takes a fingerprint
 * (each test file has its own database).
 *
 * Reading the rows logged since the last fingerprint replaced a hash of every row of every table:
 * the fuzz test takes a fingerprint after each of its 20,000 calls, and hashing spent most of its
 * time. A write is counted once its transaction has committed and a fingerprint runs after it; a
 * request's own writes have committed by the time it answers.
 */

const NOT_COUNTED = ["rate_limits", "auth_rate_limits", "source_uploads"];

const INSTALL = sql.raw(`
CREATE TABLE IF NOT EXISTS test_writes (id bigserial PRIMARY KEY, table_name text NOT NULL);

CREATE OR REPLACE FUNCTION test_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO test_writes (table_name) VALUES (TG_TABLE_NAME);
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> ALL (ARRAY['test_writes', '__drizzle_migrations', ${NOT_COUNTED.map((t) => `'${t}'`).join(", ")}])
  LOOP
    EXECUTE format('CREATE OR REPLACE TRIGGER test_count_rows AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION test_count_write()', t);
    EXECUTE format('CREATE OR REPLACE TRIGGER test_count_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION test_count_write()', t);
  END LOOP;
END $$;
`);

// Only the rows logged since the last read: the log grows with every write the tests make (each
// world they build adds thousands), so counting it all again per call would grow with it.
const countsSince = (id: bigint) =>
  sql`SELECT table_name, count(*)::int AS writes, max(id)::text AS last FROM test_writes WHERE id > ${id.toString()}::bigint GROUP BY table_name`;

/** Rows written so far, per table written at all. */
export type Fingerprint = Record<string, number>;

let installed: Promise<unknown> | undefined;
let lastRead = 0n;
const counted = new Map<string, number>();

export async function fingerprint(): Promise<Fingerprint> {
  installed ??= getDb().execute(INSTALL);
  await installed;
  const { rows } = await getDb().execute<{ table_name: string; writes: number; last: string }>(countsSince(lastRead));
  for (const row of rows) {
    counted.set(row.table_name, (counted.get(row.table_name) ?? 0) + row.writes);
    if (BigInt(row.last) > lastRead) lastRead = BigInt(row.last);
  }
  return Object.fromEntries([...counted].sort(([a], [b]) => a.localeCompare(b)));
}

/** The tables written between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]).sort();
}
