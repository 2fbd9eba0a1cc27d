import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { databaseEnv } from "./env";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
/** What db.transaction() hands its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a statement may run: the pool, or inside a caller's transaction. */
export type DatabaseOrTransaction = Database | Transaction;

type DbHandle = { pool: Pool; db: Database };

// Cached on globalThis so hot reload in development does not open a new pool per edit.
const globalForDb = globalThis as unknown as { __learnpathDb?: DbHandle };

// db/ sits below the app's logger: the processes that own the pool say where these go (onIdleConnectionError).
let idleConnectionFailed: (error: Error) => void = () => undefined;

/** Where an idle connection's failure (e.g. PostgreSQL restarting) is reported; it never crashes the process. */
export function onIdleConnectionError(listener: (error: Error) => void): void {
  idleConnectionFailed = listener;
}

export function createDb(connectionString: string, max = 10): DbHandle {
  const pool = new Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (e.g. PostgreSQL restarting) must not crash the process.
  pool.on("error", (error) => idleConnectionFailed(error));
  return { pool, db: drizzle(pool, { schema }) };
}

function handle(): DbHandle {
  if (!globalForDb.__learnpathDb) {
    const env = databaseEnv();
    globalForDb.__learnpathDb = createDb(env.DATABASE_URL, env.DATABASE_POOL_MAX);
  }
  return globalForDb.__learnpathDb;
}

/** The app's shared Drizzle database. */
export function getDb(): Database {
  return handle().db;
}

export function getPool(): Pool {
  return handle().pool;
}

export async function closeDb(): Promise<void> {
  const current = globalForDb.__learnpathDb;
  globalForDb.__learnpathDb = undefined;
  await current?.pool.end();
}

/**
 * A prepared statement for the hottest queries, built once per database handle: Drizzle skips
 * rebuilding the SQL and PostgreSQL parses and plans it once per connection.
 */
export function preparedQuery<P>(build: (db: Database) => P): () => P {
  const byDb = new WeakMap<Database, P>();
  return () => {
    const db = getDb();
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
