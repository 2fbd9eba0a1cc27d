import "server-only";
import type { Pool } from "pg";
import { getDb, getPool, type Database } from "../../db/client";

/*
 * The catalogue version: a counter (stats_counters 'courses_version') that triggers move on every
 * write to courses, topics, course sections, quiz questions and a topic creator's name
 * (migrations 0006_admin_summaries and 0010_catalogue_version). It only grows, so a process may
 * keep what it derives from the catalogue under the version it read, and check it with one cheap
 * read per request: the copy is never stale, whichever instance or the worker wrote.
 */

/** The version as a SELECT expression, for statements that read it along with other things. */
export const CATALOGUE_VERSION_SQL = "select coalesce(sum(value), 0) as version from stats_counters where name = 'courses_version'";

/*
 * Under load every call would read the version on its own, each taking a pooled connection. The
 * reads are shared instead: a call joins the read that starts next (never one already under way,
 * which may have begun before the call and miss a write committed since), so each call still sees
 * every write committed before it began, and at most two reads per pool are ever under way.
 */
type Reads = { current?: Promise<number>; next?: Promise<number> };
const readsByPool = new WeakMap<Pool, Reads>();

export function catalogueVersion(): Promise<number> {
  const pool = getPool();
  let reads = readsByPool.get(pool);
  if (!reads) readsByPool.set(pool, (reads = {}));
  const state = reads;
  const start = () => {
    const read = readVersion(pool);
    state.current = read;
    void read.catch(() => {}).finally(() => {
      if (state.current === read) state.current = undefined;
    });
    return read;
  };
  if (!state.current) return start();
  return (state.next ??= state.current
    .catch(() => {})
    .then(() => {
      state.next = undefined;
      return start();
    }));
}

async function readVersion(pool: Pool): Promise<number> {
  // A named statement: parsed and planned once per connection.
  const { rows } = await pool.query<{ version: string }>({ name: "catalogue_version", text: CATALOGUE_VERSION_SQL });
  return Number(rows[0]!.version);
}

/**
 * One value derived from the catalogue per database handle, kept while the version stays put:
 * `current()` reads the version first; `at(version)` takes one the caller read itself (in the
 * same statement as its other reads). The value is loaded after the version was read, so it is
 * at least as new as the version it is kept under; the calls that arrive during a load share it,
 * and a failed load is not kept.
 */
export function perCatalogueVersion<V>(load: (db: Database, version: number) => Promise<V>): { current: () => Promise<V>; at: (version: number) => Promise<V> } {
  const entries = new WeakMap<Database, { version: number; value: Promise<V> }>();
  const at = (version: number) => {
    const db = getDb();
    const cached = entries.get(db);
    // A lower version than the copy's was read by a call that raced a newer one: the copy is newer still.
    if (cached && cached.version >= version) return cached.value;
    const entry = { version, value: load(db, version) };
    entries.set(db, entry);
    entry.value.catch(() => {
      if (entries.get(db) === entry) entries.delete(db);
    });
    return entry.value;
  };
  return { current: async () => at(await catalogueVersion()), at };
}
