import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";

/*
 * The JSON API's route table, read from the same files Next.js routes: app/(api)/**\/route.ts
 * and app/dashboard/stats/route.ts. A path segment `[name]` is a parameter. The catch-all
 * (unknown paths) and next-auth stay with Next.
 */

type Handler = (request: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type ApiRoute = { pattern: RegExp; names: string[]; methods: Partial<Record<string, Handler>>; depth: number; dynamic: number };

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /(^|[/\\])route\.ts$/.test(file))
    .map((file) => join(dir, file));
}

function toPattern(segments: string[]): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = segments
    .map((segment) => {
      const param = segment.match(/^\[(\w+)\]$/);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(param[1]!);
      return "([^/]+)";
    })
    .join("/");
  // Next answers a route with or without a trailing slash (skipTrailingSlashRedirect).
  return { pattern: new RegExp(`^/${source}/?$`), names };
}

export async function loadApiRoutes(root: string): Promise<ApiRoute[]> {
  const apiDir = join(root, "app", "(api)");
  const files = [...routeFiles(apiDir).map((file) => ({ file, base: apiDir })), { file: join(root, "app", "dashboard", "stats", "route.ts"), base: join(root, "app") }];
  const routes: ApiRoute[] = [];
  for (const { file, base } of files) {
    const segments = relative(base, file).split(sep).slice(0, -1);
    const routeModule = (await import(pathToFileURL(file).href)) as Partial<Record<string, Handler>>;
    const methods = Object.fromEntries(METHODS.filter((m) => typeof routeModule[m] === "function").map((m) => [m, routeModule[m]]));
    const { pattern, names } = toPattern(segments);
    routes.push({ pattern, names, methods, depth: segments.length, dynamic: names.length });
  }
  // Static segments win over parameters (/users/me before /users/[id]), as in Next.
  return routes.sort((a, b) => a.dynamic - b.dynamic);
}

export function matchApiRoute(routes: ApiRoute[], pathname: string): { route: ApiRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      try {
        params[name] = decodeURIComponent(match[i + 1]!);
      } catch {
        params[name] = match[i + 1]!;
      }
    });
    return { route, params };
  }
  return null;
}
