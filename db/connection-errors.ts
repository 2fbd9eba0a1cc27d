import type { Client, Pool, PoolClient } from "pg";

/*
 * Where a connection's failure goes (docs/architecture.md, "When the database goes away"). A `pg`
 * client whose connection is cut (PostgreSQL stopping, restarting or terminating the backend)
 * emits 'error', and an 'error' event nobody listens to ends the process. pg-pool listens only
 * while a client sits idle: it takes its listener off a client it hands out, so a checked-out
 * client (a transaction, a runFixed statement, a LISTEN) would take the process down with it.
 * So every client gets a listener of its own for its whole life. The listener has nothing to
 * recover: the statement under way, and every later one on that client, rejects with the error,
 * the caller's transaction fails like any failed statement, and the pool drops the dead client
 * when it comes back.
 */

export type ConnectionErrorReport = (error: Error) => void;

/** Every client of `pool`, idle or checked out, reports its failure once (a cut connection emits twice: the server's FATAL, then the end). */
export function watchPoolConnections(pool: Pool, report: ConnectionErrorReport = () => undefined): void {
  const reported = new WeakSet<PoolClient>();
  const once = (client: PoolClient | undefined, error: Error) => {
    if (client) {
      if (reported.has(client)) return;
      reported.add(client);
    }
    report(error);
  };
  pool.on("connect", (client) => client.on("error", (error) => once(client, error)));
  // An idle client's failure also reaches the pool, which then drops the client.
  pool.on("error", (error, client) => once(client, error));
}

/** A dedicated client (migrations, scripts): its failure rejects what it was running instead of ending the process. */
export function watchClient<C extends Client>(client: C, report: ConnectionErrorReport = () => undefined): C {
  let reported = false;
  client.on("error", (error) => {
    if (reported) return;
    reported = true;
    report(error);
  });
  return client;
}
