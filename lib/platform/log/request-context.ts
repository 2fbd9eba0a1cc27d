import { AsyncLocalStorage } from "node:async_hooks";

/*
 * The request a piece of server code is working for, without passing it down every call: the
 * API front (api/observe.ts) runs each request inside its context, so a log line written deep in
 * a handler (an unexpected error in api/http/errors.ts) carries the request id of the answer.
 */

export type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The current request's context; undefined outside one (the worker, scripts, start-up). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
