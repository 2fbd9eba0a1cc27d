import { Client } from "pg";
import { watchClient } from "../../db/connection-errors";
import { pollUntil } from "./poll";

/*
 * A connection cut from the server's side, as PostgreSQL stopping or an operator's
 * pg_terminate_backend does it: the backend sends its FATAL and closes the socket. Tests hold a
 * lock on a side connection so the statement under test waits inside its transaction, find its
 * backend, and terminate it there.
 */

export type SideConnection = {
  client: Client;
  /** The backend running a statement that matches `pattern` (SQL LIKE) while it waits for a lock. */
  waiterOn: (pattern: string) => Promise<number>;
  /** Terminates a backend (its client sees the connection cut). */
  terminate: (pid: number) => Promise<void>;
  /** Waits until the backend has exited (its FATAL and the end of its connection are on their way to its client). */
  gone: (pid: number) => Promise<void>;
  close: () => Promise<void>;
};

export async function sideConnection(): Promise<SideConnection> {
  const client = watchClient(new Client({ connectionString: process.env.DATABASE_URL }));
  await client.connect();
  return {
    client,
    waiterOn: async (pattern) => {
      const rows = await pollUntil(
        `a backend waiting on a lock in "${pattern}"`,
        async () =>
          (
            await client.query<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE $1`,
              [pattern],
            )
          ).rows,
        (found) => found.length > 0,
      );
      return rows[0]!.pid;
    },
    terminate: async (pid) => {
      await client.query("SELECT pg_terminate_backend($1)", [pid]);
    },
    gone: async (pid) => {
      await pollUntil(`backend ${pid} to exit`, async () => (await client.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])).rowCount, (n) => n === 0);
    },
    close: () => client.end(),
  };
}

/** Collects every error that reaches the process uncaught (an 'error' event nobody listened to) until `stop`. */
export function uncaughtErrors(): { errors: Error[]; stop: () => void } {
  const errors: Error[] = [];
  const record = (error: Error) => errors.push(error);
  process.on("uncaughtException", record);
  return { errors, stop: () => void process.off("uncaughtException", record) };
}
