import { afterEach, describe, expect, it, vi } from "vitest";
import { KeyedCache, ShortLivedValue } from "./memo";

afterEach(() => vi.useRealTimers());

describe("KeyedCache", () => {
  it("answers only for the key the value was stored under", () => {
    const cache = new KeyedCache<string>(10, 60_000);
    cache.set(1, "v1", "old content");
    expect(cache.get(1, "v1")).toBe("old content");
    expect(cache.get(1, "v2")).toBeUndefined();
    expect(cache.get(2, "v1")).toBeUndefined();
  });

  it("evicts the least recently used entry beyond its size", () => {
    const cache = new KeyedCache<string>(2, 60_000);
    cache.set(1, "k", "one");
    cache.set(2, "k", "two");
    cache.get(1, "k");
    cache.set(3, "k", "three");
    expect(cache.get(2, "k")).toBeUndefined();
    expect(cache.get(1, "k")).toBe("one");
    expect(cache.get(3, "k")).toBe("three");
  });

  it("forgets entries after their time to live", () => {
    vi.useFakeTimers();
    const cache = new KeyedCache<string>(10, 1_000);
    cache.set(1, "k", "one");
    vi.advanceTimersByTime(1_001);
    expect(cache.get(1, "k")).toBeUndefined();
  });
});

describe("ShortLivedValue", () => {
  it("shares one load between concurrent callers and reloads after the time to live", async () => {
    vi.useFakeTimers();
    let loads = 0;
    const value = new ShortLivedValue(1_000, async () => ++loads);
    expect(await Promise.all([value.get(), value.get(), value.get()])).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(1_001);
    expect(await value.get()).toBe(2);
  });

  it("reloads at once after invalidate", async () => {
    let loads = 0;
    const value = new ShortLivedValue(60_000, async () => ++loads);
    await value.get();
    value.invalidate();
    expect(await value.get()).toBe(2);
  });

  it("does not keep a failed load", async () => {
    let calls = 0;
    const value = new ShortLivedValue(60_000, async () => {
      calls++;
      if (calls === 1) throw new Error("database down");
      return "topics";
    });
    await expect(value.get()).rejects.toThrow("database down");
    expect(await value.get()).toBe("topics");
  });
});
