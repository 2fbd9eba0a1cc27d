/**
 * A JSON answer for the API. A plain Response built from a string, not NextResponse: the API runs
 * outside Next.js (api/app.ts), and @hono/node-server writes a string-bodied Response of its own
 * Response class (the server installs it as the global) straight to the socket with its length,
 * instead of pumping a body stream.
 */
export function jsonResponse(body: unknown, init: ResponseInit & { headers?: Record<string, string> } = {}): Response {
  return jsonTextResponse(JSON.stringify(body), init);
}

/**
 * The same for JSON that is already serialised (a cached copy). As UTF-8 bytes it is written to
 * the socket as it is; a string is measured and encoded again on every answer.
 */
export function jsonTextResponse(text: string | Uint8Array<ArrayBuffer>, init: ResponseInit & { headers?: Record<string, string> } = {}): Response {
  return new Response(text, { ...init, headers: { "content-type": "application/json", ...init.headers } });
}
