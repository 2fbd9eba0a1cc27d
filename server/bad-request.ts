import { RequestError } from "@hono/node-server";
import { isHttpsUrl, securityHeaders } from "../lib/platform/http/security-headers";
import { logger } from "../lib/platform/log/logger";

/*
 * Answers a request that cannot even be turned into a URL (a malformed Host such as `x:99999`,
 * a broken request target): 400 `{detail}` with the same security headers as every other answer,
 * instead of an unlogged crash or a bare status. Anything else reaching here is our fault: 500.
 */
export function badRequestLine(appUrl: string | undefined) {
  const headers = answerHeaders(appUrl);
  return (error: unknown): Response => {
    if (error instanceof RequestError) {
      return Response.json({ detail: "Bad request: the Host header or the request target is malformed." }, { status: 400, headers });
    }
    logger().error({ err: error }, "unexpected error");
    return Response.json({ detail: "Something went wrong." }, { status: 500, headers });
  };
}

/** The security headers of an answer the server writes itself, outside the app (as api/app.ts adds them). */
export function answerHeaders(appUrl: string | undefined): Record<string, string> {
  return Object.fromEntries(securityHeaders({ development: false, https: isHttpsUrl(appUrl) }).map(({ key, value }) => [key, value]));
}
