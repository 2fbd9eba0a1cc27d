/** How the production web server starts (server/index.ts under tsx, with the server-only hook), for the stack and the load test. */
export function productionWebArgs(port: number | string, hostname?: string): string[] {
  return ["--import", "./server/register-hooks.mjs", "--import", "tsx", "server/index.ts", "--port", String(port), ...(hostname ? ["--hostname", hostname] : [])];
}
