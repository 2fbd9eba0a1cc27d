import type { IncomingMessage, ServerResponse } from "node:http";
import { constants } from "node:zlib";
import compression from "compression";

/*
 * What Next.js answers (pages, their streamed HTML, RSC payloads, files without a Brotli copy),
 * compressed by the `compression` middleware: Brotli when the browser accepts it, else gzip.
 * Next.js's own compression (gzip only) is off in next.config.ts. Brotli matters for pages because
 * they inline the stylesheet (experimental.inlineCss) and Next.js repeats it in the page's flight
 * data: gzip's 32 kB window cannot see the earlier copy, Brotli's can, so a page weighs what its
 * HTML plus one copy of the CSS weigh. Quality 5 keeps compressing a streamed page cheap; Next.js
 * calls `res.flush()` after each streamed chunk, so Suspense boundaries still arrive as they resolve.
 */
const STREAMING_BROTLI_QUALITY = 5;

const compress = compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: STREAMING_BROTLI_QUALITY } } });

export function withCompression(incoming: IncomingMessage, outgoing: ServerResponse, handle: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    // The middleware only wraps the response's write/end and calls on at once.
    compress(incoming as never, outgoing as never, (error?: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else handle().then(resolve, reject);
    });
  });
}
