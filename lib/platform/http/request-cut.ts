/*
 * The error a request's body ends with when the web server cut the request for arriving too slowly
 * (server/web-server.ts): the server has already answered 408 on the socket, and the app's body
 * readers (api/http/body.ts) turn this into the same 408 for its own log and metrics.
 */
export class RequestCutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RequestCutError";
  }
}

/** Whether a body read failed because the server cut the request (the error may come wrapped, as a stream's cause). */
export function requestCutOf(error: unknown): RequestCutError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) if (e instanceof RequestCutError) return e;
  return undefined;
}
