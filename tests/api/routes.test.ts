import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ENDPOINTS, endpointName } from "./routes";

/*
 * The route table must know every API route on disk and every method each one exports, so a
 * new endpoint cannot skip the fuzz test and the authorization matrix (next-auth's own handler
 * is the one exception: it is not our API).
 */

const ROOT = join(import.meta.dirname, "../..");
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const NOT_OURS = ["app/api/auth/[...nextauth]/route.ts"];

function routeFiles(): string[] {
  return readdirSync(join(ROOT, "app"), { recursive: true, encoding: "utf8" })
    .filter((file) => /(^|\/)route\.ts$/.test(file))
    .map((file) => `app/${file.split("\\").join("/")}`)
    .filter((file) => !NOT_OURS.includes(file))
    .sort();
}

describe("the route table", () => {
  const files = routeFiles();

  it("finds the route files", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files)("covers every method %s exports, with the very handler", async (file) => {
    const routeModule = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>;
    const exported = HTTP_METHODS.filter((method) => typeof routeModule[method] === "function");
    expect(exported.length).toBeGreaterThan(0);
    const listed = ENDPOINTS.filter((endpoint) => endpoint.file === file);
    expect(listed.map((endpoint) => endpoint.method).sort()).toEqual([...exported].sort());
    for (const endpoint of listed) expect(endpoint.handler, endpointName(endpoint)).toBe(routeModule[endpoint.method]);
  });

  it("lists no file that is not on disk, and no endpoint twice", () => {
    expect([...new Set(ENDPOINTS.map((endpoint) => endpoint.file))].filter((file) => !files.includes(file))).toEqual([]);
    const names = ENDPOINTS.map(endpointName);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});
