/*
 * The production web server (`npm start`): Next.js for pages, assets and auth, and the JSON API
 * answered by its route handlers straight from node:http (server/fast-api.ts), which saves
 * Next's per-request routing on the busiest calls. `npm run dev` keeps `next dev` for both; the
 * handlers are the same functions either way.
 *
 *   node --import ./server/register-hooks.mjs --import tsx server/index.ts --port 3000
 */
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { loadApiRoutes } from "./api-routes";
import { createFastApi } from "./fast-api";

const { values } = parseArgs({ options: { port: { type: "string", default: process.env.PORT ?? "3000" }, hostname: { type: "string" } } });
const port = Number(values.port);

const app = next({ dev: false, port, hostname: values.hostname });
const handle = app.getRequestHandler();
await app.prepare();
const fastApi = createFastApi(await loadApiRoutes(process.cwd()));

const server = createServer((req, res) => {
  fastApi(req, res)
    .then((handled) => (handled ? undefined : handle(req, res)))
    .catch((error: unknown) => {
      // A client that hung up mid-request: nothing to answer, nothing to report.
      if (req.destroyed || (error as { code?: unknown }).code === "ECONNRESET") return void res.destroy();
      console.error("[web] request failed:", error);
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ detail: "Something went wrong." }));
      } else res.destroy();
    });
});
server.listen(port, values.hostname, () => console.log(`[web] ready on port ${port}`));

const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
