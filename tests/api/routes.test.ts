import { describe, expect, it } from "vitest";
import { ENDPOINTS as DECLARED } from "../../api/routes";
import { EXAMPLES, SUBJECTS } from "./examples";
import { ENDPOINTS, endpointName } from "./routes";

/*
 * The tests' view of the API is derived from the declarations: every declared endpoint has a
 * valid example call, no example or subject names an endpoint that is not declared, and no
 * endpoint is declared twice.
 */

const declared = new Set(DECLARED.map((e) => e.key));

describe("the API tests' endpoints", () => {
  it("cover the whole API", () => {
    expect(DECLARED.length).toBeGreaterThan(50);
    expect(ENDPOINTS.length).toBe(DECLARED.length + 7);
  });

  it("have an example for every declared endpoint, and none for anything else", () => {
    expect([...declared].filter((key) => !EXAMPLES[key])).toEqual([]);
    expect(Object.keys({ ...EXAMPLES, ...SUBJECTS }).filter((key) => !declared.has(key as never))).toEqual([]);
  });

  it("declare no endpoint twice", () => {
    const names = ENDPOINTS.map(endpointName);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
