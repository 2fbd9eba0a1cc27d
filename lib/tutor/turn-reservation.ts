import "server-only";
import { fixedStatement, runFixed, type Database, type DatabaseOrTransaction, type Transaction } from "../../db/client";
import { AppError } from "../platform/http/app-error";
import { logger } from "../platform/log/logger";
import { getEnv } from "../platform/env";
import { budgetRefusal, utcDay } from "./budget";

/*
 * A tutor turn's place (docs/tutor.md, "Limits and cost"): one row of tutor_streams, taken before
 * the reply starts, that holds one of the learner's few streams and reserves the turn's largest
 * cost against the day's budgets. A learner's reservations are decided one at a time under a lock
 * of theirs (for every web process), so their parallel turns never pass their stream limit or
 * budget. Then, in the same transaction, the server's budget is checked with every reservation
 * counted, one check at a time under a server-wide lock held only for that last query (a refused
 * row is rolled back with it): parallel turns of many learners never pass the server's cap either,
 * and no learner's turn waits on another's whole reservation. The row's
 * lease is renewed while the turn runs; at the end it is deleted in the transaction that records
 * the real usage. A process that dies leaves a row whose lease soon runs out, and then it counts
 * for nothing.
 */

/** Tutor replies one learner may have under way at once, across every web process. */
export const TUTOR_STREAMS_PER_LEARNER = 2;
/** How long a turn's row counts without being renewed: what a dead process holds at most. */
const LEASE_SECONDS = 30;
const RENEW_EVERY_MS = 10_000;
/** The first key of a learner's reservation lock (the second is their id). */
const RESERVE_LOCK = 727_041;
/** The server's check, one at a time: a lock held for one query and the commit. */
const SERVER_LOCK = 727_042;

const LOCK = fixedStatement("tutor_reserve_lock", "SELECT pg_advisory_xact_lock($1, $2)");
/** The learner's streams and day (used and reserved); the row taken when both leave room. */
const TAKE = fixedStatement(
  "tutor_stream_take",
  `WITH streams AS (SELECT count(*)::int AS n, coalesce(sum(reserved_tokens) FILTER (WHERE day = $2), 0)::bigint AS reserved
                      FROM tutor_streams WHERE user_id = $1 AND lease_until > now()),
        used AS (SELECT coalesce(sum(prompt_tokens + completion_tokens), 0)::bigint AS t FROM tutor_usage WHERE day = $2 AND user_id = $1),
        taken AS (INSERT INTO tutor_streams (user_id, day, reserved_tokens, lease_until)
                  SELECT $1, $2::date, $3::int, now() + make_interval(secs => $4)
                   WHERE (SELECT n FROM streams) < $5 AND (SELECT t FROM used) + (SELECT reserved FROM streams) + $3::int <= $6
                  RETURNING id)
   SELECT (SELECT id FROM taken) AS id, (SELECT n FROM streams) AS streams, (SELECT t FROM used) + (SELECT reserved FROM streams) AS mine`,
);
/** Everyone's day, this turn's reservation included; rows of processes that died long ago go (nothing counts them). */
const SERVER_DAY = fixedStatement(
  "tutor_server_day",
  `WITH dead AS (DELETE FROM tutor_streams WHERE lease_until < now() - make_interval(secs => $2))
   SELECT (SELECT coalesce(sum(prompt_tokens + completion_tokens), 0) FROM tutor_usage WHERE day = $1)
        + (SELECT coalesce(sum(reserved_tokens), 0) FROM tutor_streams WHERE day = $1 AND lease_until > now()) AS everyone`,
);
const RENEW = fixedStatement("tutor_stream_renew", "UPDATE tutor_streams SET lease_until = now() + make_interval(secs => $2) WHERE id = $1");
const DROP = fixedStatement("tutor_stream_drop", "DELETE FROM tutor_streams WHERE id = $1");

export const TOO_MANY_STREAMS = `You already have ${TUTOR_STREAMS_PER_LEARNER} tutor replies coming. Wait for one to finish, then ask again.`;

export type TurnReservation = {
  /** Renews the lease while the turn runs (until `release`). */
  keepAlive(): void;
  /** Ends the reservation inside the transaction that records the turn's real usage. */
  finish(db: DatabaseOrTransaction): Promise<void>;
  /** Ends it however the turn ended (idempotent); the lease's end covers a failure here. */
  release(): Promise<void>;
};

/**
 * Takes one of the learner's streams and reserves `tokens` for today, or refuses with 429. `also`
 * writes what starts the turn in the same transaction (the learner's message): a refused turn
 * writes nothing.
 */
export async function reserveTurn<T>(db: Database, userId: number, tokens: number, now: Date, also: (tx: Transaction) => Promise<T>): Promise<{ reservation: TurnReservation; started: T }> {
  const env = getEnv();
  const day = utcDay(now);
  const { id, started } = await db.transaction(async (tx) => {
    await runFixed(tx, LOCK, [RESERVE_LOCK, userId]);
    const [taken] = await runFixed<{ id: number | null; streams: number; mine: string }>(tx, TAKE, [userId, day, tokens, LEASE_SECONDS, TUTOR_STREAMS_PER_LEARNER, env.TUTOR_DAILY_TOKENS]);
    if (taken!.streams >= TUTOR_STREAMS_PER_LEARNER) throw new AppError("rate_limited", TOO_MANY_STREAMS, { retryAfterSeconds: 5 });
    if (taken!.id === null) throw budgetRefusal(Number(taken!.mine) >= env.TUTOR_DAILY_TOKENS ? "used" : "short", now);
    const started = await also(tx);
    // The server's day is read after its lock is taken, so it holds every reservation decided before this one.
    await runFixed(tx, LOCK, [SERVER_LOCK, 0]);
    const [server] = await runFixed<{ everyone: string }>(tx, SERVER_DAY, [day, LEASE_SECONDS]);
    if (Number(server!.everyone) > env.TUTOR_SERVER_DAILY_TOKENS) throw budgetRefusal("server", now);
    return { id: taken!.id, started };
  });

  let timer: NodeJS.Timeout | null = null;
  let done = false;
  const stop = () => {
    done = true;
    if (timer) clearInterval(timer);
    timer = null;
  };
  const reservation: TurnReservation = {
    keepAlive() {
      if (done || timer) return;
      timer = setInterval(() => {
        runFixed(db, RENEW, [id, LEASE_SECONDS]).catch((error: unknown) => logger().warn({ err: error }, "could not renew a tutor turn's lease"));
      }, RENEW_EVERY_MS);
      timer.unref();
    },
    async finish(db) {
      stop();
      await runFixed(db, DROP, [id]);
    },
    async release() {
      stop();
      await runFixed(db, DROP, [id]).catch((error: unknown) => logger().warn({ err: error }, "could not end a tutor turn's reservation (its lease will)"));
    },
  };
  return { reservation, started };
}
