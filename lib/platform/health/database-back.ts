import { pingDatabase } from "../../../db/client";
import { isDatabaseUnavailable } from "../http/database-unavailable";

/*
 * Waiting out a database outage where the work itself is done and only its record is missing:
 * a job whose handler returned (or failed) while PostgreSQL was away, a tutor reply that ended
 * then. Recording it a moment later beats losing it, or doing it again (docs/architecture.md,
 * "When the database goes away").
 */

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 2000;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * Returns once PostgreSQL answers the app's pool (at once when it is up: one `SELECT 1`), or when
 * waiting cannot help: `signal` aborted, or a failure that is not an outage (a pool ended at shutdown).
 */
export async function whenDatabaseAnswers(signal?: AbortSignal): Promise<void> {
  for (let wait = FIRST_PAUSE_MS; !signal?.aborted; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    try {
      await pingDatabase();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) return;
    }
    await pause(wait, signal);
  }
}

/**
 * Runs `write` again while it fails because the database is away, until `signal` aborts (then
 * the last failure is thrown). `write` must be safe to run again after a failure whose outcome is
 * unknown (a COMMIT cut short may have landed): it checks for its own earlier result.
 */
export async function retryWhileDatabaseAway<T>(write: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (;;) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal.aborted) throw error;
    }
    await whenDatabaseAnswers(signal);
  }
}
