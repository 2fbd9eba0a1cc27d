import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { buildOpenApiDocument } from "../api/openapi/document";

/*
 * `npm run openapi:write [-- <file>]`: writes the OpenAPI description GET /openapi.json serves
 * (default .openapi/openapi.json, git-ignored), for `npm run openapi:lint` and for clients.
 */

const target = resolve(process.argv[2] ?? ".openapi/openapi.json");
mkdirSync(dirname(target), { recursive: true });
const document = buildOpenApiDocument();
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${target}: ${Object.keys(document.paths ?? {}).length} paths`);
