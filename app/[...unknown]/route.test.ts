import { expect, it } from "vitest";
import { testApp } from "../../tests/harness/http";

// Through the app as the servers build it, this route answering what no endpoint claims.
it("unknown API paths answer 404 with {detail} in JSON, whatever the method", async () => {
  for (const [method, path] of [
    ["GET", "/courses/1/no-such-thing"],
    ["GET", "/users/1/no-such-thing"],
    ["POST", "/no-such-endpoint"],
    ["DELETE", "/topics/1/nothing"],
  ] as const) {
    const response = await testApp().request(path, { method, headers: { accept: "application/json" } });
    expect(response.status, `${method} ${path}`).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ detail: "Not Found" });
  }
});
