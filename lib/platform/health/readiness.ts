import { appliedMigrationCount } from "../../../db/client";
import journal from "../../../db/migrations/meta/_journal.json";

/*
 * Ready means: PostgreSQL answers, and every migration this build ships has been applied (a
 * container started before `migrate` finished, or against an old database, is not ready).
 * Health checks poll this, so it answers within a couple of seconds even when the database hangs.
 */

export type Readiness = { ok: boolean; detail: string };

const EXPECTED_MIGRATIONS = journal.entries.length;
const ANSWER_WITHIN_MS = 2_000;

export async function checkReadiness(): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the database did not answer in time")), ANSWER_WITHIN_MS);
  });
  try {
    const applied = await Promise.race([appliedMigrationCount(), timeout]);
    if (applied < EXPECTED_MIGRATIONS) return { ok: false, detail: `migrations pending: ${applied} of ${EXPECTED_MIGRATIONS} applied` };
    return { ok: true, detail: "ready" };
  } catch (error) {
    return { ok: false, detail: `database unavailable: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}
