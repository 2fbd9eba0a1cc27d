import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("loads once for every caller, and again after a failed load", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error("chunk did not arrive");
      return `value ${calls}`;
    });
    await expect(load()).rejects.toThrow("chunk did not arrive");
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, await load(), calls]).toEqual(["value 2", "value 2", "value 2", 2]);
  });
});
