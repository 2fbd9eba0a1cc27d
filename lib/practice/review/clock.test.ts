import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { learnerNow } from "./clock";

const DAY = 24 * 60 * 60 * 1000;
const dir = mkdtempSync(join(tmpdir(), "test-clock-"));
const file = join(dir, "clock.json");

afterEach(() => {
  delete process.env.TEST_CLOCK_FILE;
});

describe("the review clock", () => {
  it("is the real clock without TEST_CLOCK_FILE, whatever a file says", () => {
    writeFileSync(file, JSON.stringify({ 7: DAY }));
    expect(Math.abs(learnerNow(7).getTime() - Date.now())).toBeLessThan(1000);
  });

  it("with TEST_CLOCK_FILE (tests only), moves the listed learner's clock and nobody else's", () => {
    process.env.TEST_CLOCK_FILE = file;
    writeFileSync(file, JSON.stringify({ 7: DAY }));
    expect(learnerNow(7).getTime() - Date.now()).toBeGreaterThan(DAY - 1000);
    expect(Math.abs(learnerNow(8).getTime() - Date.now())).toBeLessThan(1000);
    writeFileSync(file, "not json");
    expect(Math.abs(learnerNow(7).getTime() - Date.now())).toBeLessThan(1000);
    rmSync(file);
    expect(Math.abs(learnerNow(7).getTime() - Date.now())).toBeLessThan(1000);
  });
});
