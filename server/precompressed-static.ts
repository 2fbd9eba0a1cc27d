import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";

/*
 * Next.js's static assets (/_next/static/...: content-hashed, immutable) as the Brotli copies
 * `npm run build` wrote beside them (scripts/precompress-static.mjs), for browsers that accept
 * Brotli; anything else (no copy, development, another encoding) goes on to Next.js, whose answers
 * server/compressed-pages.ts compresses.
 * The answer goes back through the API app, so it carries the same security headers as any other.
 */

const STATIC_DIR = join(process.cwd(), ".next", "static");
const PREFIX = "/_next/static/";
const TYPES: Record<string, string> = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };

// The files never change while the server runs (a new build is a new server): read each once.
const cache = new Map<string, Buffer | null>();

async function compressedCopy(relative: string): Promise<Buffer | null> {
  const cached = cache.get(relative);
  if (cached !== undefined) return cached;
  const body = await readFile(`${join(STATIC_DIR, relative)}.br`).catch(() => null);
  cache.set(relative, body);
  return body;
}

export async function precompressedAsset(request: Request): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const { pathname } = new URL(request.url);
  const type = TYPES[extname(pathname)];
  if (!pathname.startsWith(PREFIX) || !type) return null;
  if (!/\bbr\b/.test(request.headers.get("accept-encoding") ?? "")) return null;
  const relative = pathname.slice(PREFIX.length);
  // Only plain hashed names: nothing that could step out of the static folder.
  if (!/^[\w./-]+$/.test(relative) || relative.split("/").some((part) => part === ".." || part === ".")) return null;
  const body = await compressedCopy(relative);
  if (!body) return null;
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), {
    headers: {
      "content-type": type,
      "content-encoding": "br",
      "content-length": String(body.length),
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
    },
  });
}
