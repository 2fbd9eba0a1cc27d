import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool, type PoolClient, type QueryResultRow } from "pg";
import { watchPoolConnections } from "./connection-errors";
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

// db/ sits below the app's logger: the processes that own the pool say where these go (onConnectionError).
let connectionFailed: (error: Error) => void = () => undefined;

/**
 * Where a pooled connection's failure (PostgreSQL restarting, a terminated backend) is reported,
 * once per connection, whether it sat idle or was checked out; it never crashes the process.
 */
export function onConnectionError(listener: (error: Error) => void): void {
  connectionFailed = listener;
}

export function createDb(connectionString: string, max = 10): DbHandle {
  const pool = new Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // A client losing its connection, inside a transaction or idle, must not crash the process (db/connection-errors.ts).
  watchPoolConnections(pool, (error) => connectionFailed(error));
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

/** Fixed SQL with a name: sent as a named prepared statement, parsed and planned once per connection. */
export type FixedStatement = { readonly name: string; readonly text: string };

const fixedTexts = new Map<string, string>();

/**
 * Declares a fixed statement. A name stands for one text on every connection, so a second text
 * under a name already taken is a programming error, caught where the module loads.
 */
export function fixedStatement(name: string, text: string): FixedStatement {
  const taken = fixedTexts.get(name);
  if (taken !== undefined && taken !== text) throw new Error(`fixed statement "${name}" is declared twice with different text`);
  fixedTexts.set(name, text);
  return { name, text };
}

/**
 * Runs a fixed statement where `db` runs: on a transaction's own connection, or on the pool.
 * Drizzle's prepared queries belong to the pool and cannot join a transaction, and building a
 * statement with its query builder is the largest cost of the hottest writes
 * (docs/performance.md, "API"); this reaches the node-postgres client under Drizzle's session,
 * which db/client.test.ts checks, so an upgrade of Drizzle that moves it fails there first.
 */
export async function runFixed<Row extends QueryResultRow>(db: DatabaseOrTransaction, statement: FixedStatement, values: unknown[]): Promise<Row[]> {
  const client = (db._.session as unknown as { client?: Pool | PoolClient }).client;
  if (!client || typeof client.query !== "function") throw new Error("Drizzle's session no longer exposes its node-postgres client: see runFixed in db/client.ts");
  const result = await client.query<Row>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
