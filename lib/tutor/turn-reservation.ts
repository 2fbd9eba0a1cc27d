import "server-only";
import { fixedStatement, getDb, runFixed, type DatabaseOrTransaction } from "../../db/client";
import { AppError } from "../http/app-error";
import { logger } from "../log/logger";
import { assertFits, spentToday, utcDay } from "./budget";

/*
 * A tutor turn's place (docs/tutor.md, "Limits and cost"): one row of tutor_streams, taken before
 * the reply starts, that holds one of the learner's few streams and reserves the turn's largest
 * cost against the day's budgets. Taken under one lock for every web process, so parallel turns are
 * decided one after the other: no burst passes the budget or the stream limit. The row's lease is
 * renewed while the turn runs; at the end it is deleted in the transaction that records the real
 * usage. A process that dies leaves a row whose lease soon runs out, and then it counts for nothing.
 */

/** Tutor replies one learner may have under way at once, across every web process. */
export const TUTOR_STREAMS_PER_LEARNER = 2;
/** How long a turn's row counts without being renewed: what a dead process holds at most. */
const LEASE_SECONDS = 30;
const RENEW_EVERY_MS = 10_000;
/** Every reservation takes this transaction-scoped lock: one decision at a time, server-wide. */
const RESERVE_LOCK = 727_041;

const LOCK = fixedStatement("tutor_reserve_lock", "SELECT pg_advisory_xact_lock($1)");
const STREAMS = fixedStatement("tutor_streams_of", "SELECT count(*)::int AS n FROM tutor_streams WHERE user_id = $1 AND lease_until > now()");
const TAKE = fixedStatement(
  "tutor_stream_take",
  "INSERT INTO tutor_streams (user_id, day, reserved_tokens, lease_until) VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id",
);
const RENEW = fixedStatement("tutor_stream_renew", "UPDATE tutor_streams SET lease_until = now() + make_interval(secs => $2) WHERE id = $1");
const DROP = fixedStatement("tutor_stream_drop", "DELETE FROM tutor_streams WHERE id = $1");
const DROP_DEAD = fixedStatement("tutor_streams_drop_dead", "DELETE FROM tutor_streams WHERE lease_until < now() - make_interval(secs => $1)");

export const TOO_MANY_STREAMS = `You already have ${TUTOR_STREAMS_PER_LEARNER} tutor replies coming. Wait for one to finish, then ask again.`;

export type TurnReservation = {
  /** Renews the lease while the turn runs (until `release`). */
  keepAlive(): void;
  /** Ends the reservation inside the transaction that records the turn's real usage. */
  finish(db: DatabaseOrTransaction): Promise<void>;
  /** Ends it however the turn ended (idempotent); the lease's end covers a failure here. */
  release(): Promise<void>;
};

/** Takes one of the learner's streams and reserves `tokens` for today, or refuses with 429. */
export async function reserveTurn(userId: number, tokens: number, now: Date): Promise<TurnReservation> {
  const id = await getDb().transaction(async (tx) => {
    await runFixed(tx, LOCK, [RESERVE_LOCK]);
    // Rows of processes that died long ago: nothing counts them; keep the table small.
    await runFixed(tx, DROP_DEAD, [LEASE_SECONDS]);
    const [streams] = await runFixed<{ n: number }>(tx, STREAMS, [userId]);
    if (streams!.n >= TUTOR_STREAMS_PER_LEARNER) throw new AppError("rate_limited", TOO_MANY_STREAMS, { retryAfterSeconds: 5 });
    assertFits(await spentToday(tx, userId, now), tokens, now);
    const [row] = await runFixed<{ id: number }>(tx, TAKE, [userId, utcDay(now), tokens, LEASE_SECONDS]);
    return row!.id;
  });

  let timer: NodeJS.Timeout | null = null;
  let done = false;
  const stop = () => {
    done = true;
    if (timer) clearInterval(timer);
    timer = null;
  };
  return {
    keepAlive() {
      if (done || timer) return;
      timer = setInterval(() => {
        runFixed(getDb(), RENEW, [id, LEASE_SECONDS]).catch((error: unknown) => logger().warn({ err: error }, "could not renew a tutor turn's lease"));
      }, RENEW_EVERY_MS);
      timer.unref();
    },
    async finish(db) {
      stop();
      await runFixed(db, DROP, [id]);
    },
    async release() {
      stop();
      await runFixed(getDb(), DROP, [id]).catch((error: unknown) => logger().warn({ err: error }, "could not end a tutor turn's reservation (its lease will)"));
    },
  };
}
