import { describe, expect, it } from "vitest";
import { AppError } from "../../platform/http/app-error";
import { ARGON2_MAX_RUNNING, ARGON2_MAX_WAITING, argon2Load, hashPassword, verifyPassword } from "./password";

/*
 * A flood of password hashes must not take every core: a few run, a bounded line waits, the rest
 * are refused at once with 429 before any work.
 */

describe("argon2 runs at most a few at once", () => {
  it(`runs ${ARGON2_MAX_RUNNING} at once, lines up ${ARGON2_MAX_WAITING}, refuses the rest with 429`, async () => {
    const extra = 5;
    const flood = Array.from({ length: ARGON2_MAX_RUNNING + ARGON2_MAX_WAITING + extra }, (_, i) => hashPassword(`flood-password-${i}`));
    expect(argon2Load()).toEqual({ running: ARGON2_MAX_RUNNING, waiting: ARGON2_MAX_WAITING });
    const results = await Promise.allSettled(flood);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(extra);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "rate_limited", extra: { retryAfterSeconds: 1 } } satisfies Partial<AppError>);
    expect(argon2Load()).toEqual({ running: 0, waiting: 0 });
    // Everything that was let in worked.
    const hashed = results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<string>;
    expect(await verifyPassword(hashed.value, `flood-password-${results.indexOf(hashed)}`)).toBe(true);
  });
});
