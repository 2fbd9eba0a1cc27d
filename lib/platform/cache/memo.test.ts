import { afterEach, describe, expect, it, vi } from "vitest";
import { KeyedCache } from "./memo";

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
