import { describe, expect, it } from "vitest";
import { retryWhileDatabaseAway } from "./database-back";

/* A write that failed because PostgreSQL was away is tried again once it answers; any other failure is not. */

const outage = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("retryWhileDatabaseAway", () => {
  it("tries a write again after an outage and returns its result", async () => {
    let tries = 0;
    const result = await retryWhileDatabaseAway(async () => {
      tries++;
      if (tries < 3) throw outage();
      return "stored";
    }, AbortSignal.timeout(10_000));
    expect(result).toBe("stored");
    expect(tries).toBe(3);
  });

  it("throws any other failure at once", async () => {
    let tries = 0;
    const failing = retryWhileDatabaseAway(async () => {
      tries++;
      throw new Error("duplicate key value violates unique constraint");
    }, AbortSignal.timeout(10_000));
    await expect(failing).rejects.toThrow(/duplicate key/);
    expect(tries).toBe(1);
  });

  it("gives up with the outage's error once its wait is over", async () => {
    const over = new AbortController();
    let tries = 0;
    const failing = retryWhileDatabaseAway(async () => {
      tries++;
      if (tries === 2) over.abort();
      throw outage();
    }, over.signal);
    await expect(failing).rejects.toThrow(/ECONNREFUSED/);
    expect(tries).toBe(2);
  });
});
