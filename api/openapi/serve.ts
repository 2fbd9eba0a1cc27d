import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { openApiJson } from "./document";

/*
 * GET /openapi.json: the OpenAPI description (api/openapi/document.ts). GET /docs/api: an API
 * reference rendered from it in the browser by Swagger UI, whose files come from the
 * swagger-ui-dist package on this server (no CDN: it works offline and under the app's
 * Content-Security-Policy as it is: only same-origin scripts, styles and fetches).
 */

const ASSET_PATH = "/docs/api/assets";

/** Swagger UI's files this page uses, read from the package once and kept. */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

// Our own start-up script, served as a file: the policy forbids nothing inline here, but a file
// keeps the page free of inline script. validatorUrl null: no badge fetched from swagger.io.
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LearnPath API reference</title>
<link rel="icon" type="image/png" href="${ASSET_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${ASSET_PATH}/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"><noscript>The API reference needs JavaScript; the description itself is at <a href="/openapi.json">/openapi.json</a>.</noscript></main>
<script src="${ASSET_PATH}/swagger-ui-bundle.js"></script>
<script src="${ASSET_PATH}/init.js"></script>
</body>
</html>
`;

const cache = new Map<string, Buffer>();

function asset(name: string): Buffer {
  let bytes = cache.get(name);
  if (!bytes) {
    const root = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
    bytes = readFileSync(join(root, name));
    cache.set(name, bytes);
  }
  return bytes;
}

export function openApiRoutes(): Hono {
  const app = new Hono();
  app.get("/openapi.json", (c) => c.body(openApiJson(), 200, { "content-type": "application/json", "cache-control": "no-cache" }));
  app.get("/docs/api", (c) => c.html(PAGE, 200, { "cache-control": "no-cache" }));
  app.get(`${ASSET_PATH}/init.js`, (c) => c.body(INIT_SCRIPT, 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" }));
  app.get(`${ASSET_PATH}/:name`, (c) => {
    const name = c.req.param("name");
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!type) return c.json({ detail: "Not Found" }, 404);
    return c.body(new Uint8Array(asset(name)), 200, { "content-type": type, "cache-control": "public, max-age=3600" });
  });
  return app;
}
