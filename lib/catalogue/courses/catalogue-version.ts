import "server-only";
import { fixedStatement, runFixed, type Database } from "../../../db/client";

/*
 * The catalogue version: a counter (stats_counters 'courses_version') that triggers move on every
 * statement that changes rows of courses, topics, course sections, lessons or quiz questions, and
 * on a topic creator's new name (migrations 0006_admin_summaries, 0010_catalogue_version,
 * 0035_catalogue_version_on_rows_changed and 0036_catalogue_version_on_lessons). It only grows,
 * so a process may keep what it derives from the catalogue under the version it read, and check it
 * with one cheap read per request: the copy is never stale, whichever instance or the worker wrote.
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
const readsByDb = new WeakMap<Database, Reads>();

export function catalogueVersion(db: Database): Promise<number> {
  let reads = readsByDb.get(db);
  if (!reads) readsByDb.set(db, (reads = {}));
  const state = reads;
  const start = () => {
    const read = readVersion(db);
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

// A named statement: parsed and planned once per connection.
const VERSION = fixedStatement("catalogue_version", CATALOGUE_VERSION_SQL);

async function readVersion(db: Database): Promise<number> {
  const rows = await runFixed<{ version: string }>(db, VERSION, []);
  return Number(rows[0]!.version);
}

/**
 * One value derived from the catalogue per database handle, kept while the version stays put:
 * `current(db)` reads the version first; `at(db, version)` takes one the caller read itself (in the
 * same statement as its other reads). The value is loaded after the version was read, so it is
 * at least as new as the version it is kept under; the calls that arrive during a load share it,
 * and a failed load is not kept.
 */
export function perCatalogueVersion<V>(load: (db: Database, version: number) => Promise<V>): { current: (db: Database) => Promise<V>; at: (db: Database, version: number) => Promise<V> } {
  const entries = new WeakMap<Database, { version: number; value: Promise<V> }>();
  const at = (db: Database, version: number) => {
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
  return { current: async (db: Database) => at(db, await catalogueVersion(db)), at };
}
