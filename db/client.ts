import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
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

/*
 * The one way to the database (docs/architecture.md, "Reaching the database"): Drizzle on the
 * executors below, and runFixed for the hottest statements. An executor's node-postgres
 * connection (the pool for a database, the checked-out client for a transaction) is kept here, by
 * db/, so runFixed sends its statement where the executor runs without reading Drizzle's
 * private fields.
 */
const globalForConnections = globalThis as unknown as { __learnpathConnections?: WeakMap<DatabaseOrTransaction, Pool | PoolClient> };
// On globalThis with the handle: a second copy of this module in the process (a test's fresh
// module graph, Next.js's bundle beside dist/server.mjs) runs on the same database and transactions.
const connectionOf = (globalForConnections.__learnpathConnections ??= new WeakMap());

export function createDb(connectionString: string, max = 10): DbHandle {
  const pool = new Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // A client losing its connection, inside a transaction or idle, must not crash the process (db/connection-errors.ts).
  watchPoolConnections(pool, (error) => connectionFailed(error));
  const db = drizzle(pool, { schema });
  connectionOf.set(db, pool);
  db.transaction = transactionsOn(pool);
  return { pool, db };
}

/**
 * db/ opens the transactions itself, so it knows each one's client: it checks a client out of the
 * pool (as Drizzle does), runs Drizzle's transaction on a Drizzle instance over that one client
 * (BEGIN, COMMIT or ROLLBACK there: the same statements, no round trip more), and releases it.
 * The instance is made once per pooled connection (building it reads the schema's relations).
 */
function transactionsOn(pool: Pool): Database["transaction"] {
  const onClient = new WeakMap<PoolClient, Database>();
  return async <T>(work: (tx: Transaction) => Promise<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await pool.connect();
    try {
      let db = onClient.get(client);
      if (!db) onClient.set(client, (db = drizzle(client, { schema })));
      return await db.transaction((tx) => work(heldOn(tx, client)), config);
    } finally {
      client.release();
    }
  };
}

/** Records the transaction's client, and that of every savepoint opened in it (the same client). */
function heldOn(tx: Transaction, client: PoolClient): Transaction {
  connectionOf.set(tx, client);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = <T>(work: (inner: Transaction) => Promise<T>) => savepoint((inner) => work(heldOn(inner, client)));
  return tx;
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

/** The app's pool, for db/ itself and the tests; the rules and the processes reach the database through the functions here. */
export function getPool(): Pool {
  return handle().pool;
}

/** One `SELECT 1` on the app's pool: rejects while PostgreSQL does not answer. */
export async function pingDatabase(): Promise<void> {
  await handle().pool.query("SELECT 1");
}

/** How many migrations the app's database has applied (0 before the first): readiness compares it with the build's. */
export async function appliedMigrationCount(): Promise<number> {
  const { rows } = await handle().pool.query<{ applied: number }>(
    `SELECT CASE WHEN to_regclass('drizzle.__drizzle_migrations') IS NULL THEN 0
            ELSE (SELECT count(*)::int FROM drizzle.__drizzle_migrations) END AS applied`,
  );
  return rows[0]?.applied ?? 0;
}

export type PoolStatistics = { total: number; idle: number; waiting: number; max: number };

/** How busy the app's pool is, for the metrics (read at scrape time). */
export function poolStatistics(): PoolStatistics {
  const { pool } = handle();
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 0 };
}

export async function closeDb(): Promise<void> {
  const current = globalForDb.__learnpathDb;
  globalForDb.__learnpathDb = undefined;
  await current?.pool.end();
}

/**
 * A prepared statement for the hottest queries, built once per database handle: Drizzle skips
 * rebuilding the SQL and PostgreSQL parses and plans it once per connection. The caller hands in
 * the executor it runs on, like every query function: the pool's handle keeps its statement for
 * the process's life; a transaction builds its own, so the query joins the transaction.
 */
export function preparedQuery<P>(build: (db: DatabaseOrTransaction) => P): (db: DatabaseOrTransaction) => P {
  const byDb = new WeakMap<DatabaseOrTransaction, P>();
  return (db) => {
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
 * Runs a fixed statement where `db` runs: on a transaction's own connection (it sees the
 * transaction's writes and rolls back with it), or on the pool. Drizzle's prepared queries
 * belong to the pool and cannot join a transaction, and building a statement with its query
 * builder is the largest cost of the hottest writes (docs/performance.md, "API"); so these go to
 * node-postgres directly, on the connection db/ recorded for `db` (createDb, transactionsOn).
 */
export async function runFixed<Row extends QueryResultRow>(db: DatabaseOrTransaction, statement: FixedStatement, values: unknown[]): Promise<Row[]> {
  const connection = connectionOf.get(db);
  if (!connection) throw new Error("runFixed runs on a database made by createDb or a transaction it opened (db/client.ts)");
  const result = await connection.query<Row>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
