import "server-only";
import { sql } from "drizzle-orm";
import { fixedStatement, runFixed, type DatabaseOrTransaction } from "../../db/client";
import { AppError } from "./http/app-error";
import { countRateLimitRefusal } from "./metrics/registry";

/*
 * Fixed-window counters in PostgreSQL (table rate_limits), so every app instance shares them.
 * One atomic upsert per hit: parallel requests cannot slip past the limit. A hit counts before
 * the work it guards (a password check, a code e-mail), so a burst of parallel requests gets at
 * most `max` of that work; a caller that turns out not to need the hit (a correct password)
 * releases it.
 */

export type Limit = { name: string; max: number; windowSeconds: number };

export const LIMITS = {
  // Log-in failures: per (e-mail, address) pair, so nobody can lock someone else out; per address;
  // and a higher per-e-mail ceiling past which the addresses that failed are slowed down.
  loginFailuresPerPair: { name: "login-fail:pair", max: 10, windowSeconds: 15 * 60 },
  loginFailuresPerIp: { name: "login-fail:ip", max: 100, windowSeconds: 15 * 60 },
  loginFailuresPerEmail: { name: "login-fail:email", max: 50, windowSeconds: 15 * 60 },
  // Code e-mails, the same way.
  sendCodePerPair: { name: "send-code:pair", max: 5, windowSeconds: 60 * 60 },
  sendCodePerIp: { name: "send-code:ip", max: 50, windowSeconds: 60 * 60 },
  sendCodePerEmail: { name: "send-code:email", max: 20, windowSeconds: 60 * 60 },
  verifyCodePerEmail: { name: "verify-code:email", max: 10, windowSeconds: 15 * 60 },
  verifyCodePerIp: { name: "verify-code:ip", max: 100, windowSeconds: 15 * 60 },
  // The two calls that end in a password hash (once their token checks out).
  createAccountPerIp: { name: "create-account:ip", max: 20, windowSeconds: 15 * 60 },
  resetPasswordPerIp: { name: "reset-password:ip", max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** Past a per-e-mail ceiling: one attempt at a time, each `firstSeconds` doubled per attempt over it, at most `maxSeconds`. */
export type Slowdown = { name: string; firstSeconds: number; maxSeconds: number };

export type AttemptLimits = { perPair: Limit; perIp: Limit; perEmail: Limit; slowdown: Slowdown };

export const LOGIN_LIMITS: AttemptLimits = {
  perPair: LIMITS.loginFailuresPerPair,
  perIp: LIMITS.loginFailuresPerIp,
  perEmail: LIMITS.loginFailuresPerEmail,
  slowdown: { name: "slowdown:login", firstSeconds: 1, maxSeconds: 60 },
};

export const SEND_CODE_LIMITS: AttemptLimits = {
  perPair: LIMITS.sendCodePerPair,
  perIp: LIMITS.sendCodePerIp,
  perEmail: LIMITS.sendCodePerEmail,
  slowdown: { name: "slowdown:send-code", firstSeconds: 30, maxSeconds: 10 * 60 },
};

export const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

function keyOf(limit: Limit, subject: string) {
  return `${limit.name}:${subject}`;
}

export type Hit = { count: number; retryAfterSeconds: number; over: boolean };

// A named statement on the pool: every limited call (answer checks and review answers among
// them) runs it, so PostgreSQL plans it once per connection (docs/performance.md, "API").
const COUNT_HIT = fixedStatement(
  "rate_limit_hit",
  `
    INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2)
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2)
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now()))))::int AS retry_after`,
);

/** Counts one hit and says where the window stands; throws nothing. */
export async function countHit(db: DatabaseOrTransaction, limit: Limit, subject: string): Promise<Hit> {
  const [row] = await runFixed<{ count: number; retry_after: number }>(db, COUNT_HIT, [keyOf(limit, subject), limit.windowSeconds]);
  const count = Number(row!.count);
  return { count, retryAfterSeconds: Number(row!.retry_after), over: count > limit.max };
}

/** Gives back a hit that turned out not to count (the window it was taken in, if still open). */
export async function releaseHit(db: DatabaseOrTransaction, limit: Limit, subject: string): Promise<void> {
  await db.execute(sql`
    UPDATE rate_limits SET count = count - 1
    WHERE key = ${keyOf(limit, subject)} AND count > 0
      AND window_start > now() - make_interval(secs => ${limit.windowSeconds})`);
}

export function tooMany(retryAfterSeconds: number, message = TOO_MANY): AppError {
  return new AppError("rate_limited", message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
}

/** Counts one hit and throws 429 once the window's limit is exceeded. */
export async function hitLimit(db: DatabaseOrTransaction, limit: Limit, subject: string, message = TOO_MANY): Promise<void> {
  const hit = await countHit(db, limit, subject);
  if (hit.over) {
    countRateLimitRefusal(limit.name);
    throw tooMany(hit.retryAfterSeconds, message);
  }
}

/**
 * Claims the next turn of a slowdown: at most one attempt per `delaySeconds`, atomically across
 * instances. Returns null when claimed, else how many seconds until the next turn.
 */
async function claimTurn(db: DatabaseOrTransaction, slowdown: Slowdown, subject: string, delaySeconds: number): Promise<number | null> {
  const key = `${slowdown.name}:${subject}`;
  const claimed = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now() + make_interval(secs => ${delaySeconds}), 1)
    ON CONFLICT (key) DO UPDATE SET window_start = EXCLUDED.window_start, count = rate_limits.count + 1
      WHERE rate_limits.window_start <= now()
    RETURNING 1`);
  if (claimed.rows.length) return null;
  const result = await db.execute<{ wait: number }>(sql`
    SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start - now()))))::int AS wait FROM rate_limits WHERE key = ${key}`);
  return Number(result.rows[0]?.wait ?? 1);
}

/**
 * Takes one slot of each limit for an attempt on `email` from `address`, before the work it
 * guards, and throws 429 when one is used up: the pair's (this address has tried too often), the
 * address's, or, past the per-e-mail ceiling, the slowdown's, which applies only to addresses that
 * already tried this e-mail. An address that never did gets through, so whoever hammers an
 * account, from one address or many, cannot lock its owner out. Returns the release of the slots
 * (for an attempt that turns out not to count, such as a correct password).
 */
export async function reserveAttempt(db: DatabaseOrTransaction, limits: AttemptLimits, email: string, address: string): Promise<() => Promise<void>> {
  const taken: [Limit, string][] = [];
  const release = async () => {
    for (const [limit, subject] of taken) await releaseHit(db, limit, subject);
  };
  const pair = await countHit(db, limits.perPair, `${email}|${address}`);
  if (pair.over) {
    countRateLimitRefusal(limits.perPair.name);
    throw tooMany(pair.retryAfterSeconds);
  }
  taken.push([limits.perPair, `${email}|${address}`]);

  const perIp = await countHit(db, limits.perIp, address);
  taken.push([limits.perIp, address]);
  if (perIp.over) {
    await release();
    countRateLimitRefusal(limits.perIp.name);
    throw tooMany(perIp.retryAfterSeconds);
  }

  const perEmail = await countHit(db, limits.perEmail, email);
  taken.push([limits.perEmail, email]);
  const triedBefore = pair.count > 1;
  if (perEmail.over && triedBefore) {
    const over = perEmail.count - limits.perEmail.max;
    const delay = Math.min(limits.slowdown.maxSeconds, limits.slowdown.firstSeconds * 2 ** Math.min(over - 1, 30));
    const wait = await claimTurn(db, limits.slowdown, email, delay);
    if (wait !== null) {
      await release();
      countRateLimitRefusal(limits.slowdown.name);
      throw tooMany(wait);
    }
  }
  return release;
}

const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(LIMITS).map((limit) => limit.windowSeconds));

/** Deletes counters whose window is over (the maintenance job runs this); returns how many. */
export async function pruneRateLimits(db: DatabaseOrTransaction): Promise<number> {
  const result = await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`);
  return result.rowCount ?? 0;
}
