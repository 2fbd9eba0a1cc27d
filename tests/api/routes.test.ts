import { describe, expect, it } from "vitest";
import { API_METHODS, API_ROUTES } from "../../api/route-table";
import { ENDPOINTS, endpointName, tablePath } from "./routes";

/*
 * The test metadata must cover every endpoint of the one route table, with the very handler the
 * server registers, so a new endpoint cannot skip the fuzz test and the authorization matrix.
 */

const UNKNOWN_PATH = "/{...unknown}";
const listed = ENDPOINTS.filter((endpoint) => endpoint.path !== UNKNOWN_PATH);
const registered = API_ROUTES.flatMap((route) => API_METHODS.filter((method) => route.module[method]).map((method) => ({ method, path: route.path, handler: route.module[method] })));

describe("the route table", () => {
  it("holds the API", () => {
    expect(registered.length).toBeGreaterThan(35);
  });

  it.each(registered.map((r) => [`${r.method} ${r.path}`, r] as const))("%s is in the test metadata, with the very handler", (_, route) => {
    const endpoint = listed.find((e) => e.method === route.method && tablePath(e.path) === route.path);
    expect(endpoint, `${route.method} ${route.path} missing from tests/api/routes.ts`).toBeDefined();
    expect(endpoint!.handler).toBe(route.handler);
  });

  it("lists nothing the table does not serve, and no endpoint twice", () => {
    const stray = listed.filter((e) => !registered.some((r) => r.method === e.method && r.path === tablePath(e.path)));
    expect(stray.map(endpointName)).toEqual([]);
    const names = ENDPOINTS.map(endpointName);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
