/*
 * How the production processes start: the compiled output of `npm run build`. `npm start`, the
 * load test, the benchmarks, the e2e suite and the self-hosting smoke use these, and a test holds
 * the Dockerfile's CMD lines to the same files.
 */
export const PRODUCTION_WEB_ENTRY = "dist/server.mjs";
export const PRODUCTION_WORKER_ENTRY = "dist/worker.mjs";

export function productionWebArgs(port: number | string, hostname?: string): string[] {
  return [PRODUCTION_WEB_ENTRY, "--port", String(port), ...(hostname ? ["--hostname", hostname] : [])];
}

/** `npm run dev`: the same server, in Next's development mode, from the TypeScript sources. */
export function developmentWebArgs(port: number | string): string[] {
  return ["--import", "./server/register-hooks.mjs", "--import", "tsx", "server/index.ts", "--dev", "--port", String(port)];
}

export function developmentWorkerArgs(): string[] {
  return ["--import", "./server/register-hooks.mjs", "--import", "tsx", "worker/index.ts"];
}
