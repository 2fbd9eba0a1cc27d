import { describe, expect, it } from "vitest";
import { pageAccess } from "./page-access";

describe("pageAccess", () => {
  it.each([
    [null, "admin", "log-in"],
    [null, "user", "log-in"],
    [{ role: "user" }, "admin", "not-allowed"],
    [{ role: "admin" }, "user", "not-allowed"],
    [{ role: "admin" }, "admin", "open"],
    [{ role: "user" }, "user", "open"],
  ] as const)("caller %o in the %s area: %s", (caller, area, expected) => {
    expect(pageAccess(caller, area)).toBe(expected);
  });
});
