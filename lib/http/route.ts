import "server-only";
import { ZodError } from "zod";
import { ADMIN_TWO_FACTOR_REQUIRED, mustSetUpTwoFactor, resolveCaller, type Caller } from "../auth/caller";
import { getEnv } from "../env";
import { logger } from "../log/logger";
import { AppError } from "./app-error";
import { UNKNOWN_ADDRESS } from "./client-address";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE } from "./database-unavailable";
import { jsonResponse } from "./json-response";
import { assertSameOrigin } from "./same-origin";

/*
 * The one wrapper every route handler goes through: resolve the caller (bearer or cookie),
 * enforce the access level (and, for a change authenticated by the cookie, the app's own
 * origin: lib/http/same-origin.ts), run the handler, and turn every failure into `{detail}` with a
 * fitting status. Bad input never becomes a 500, and no stack trace leaves the server.
 */

/** Who may call: anyone, any signed-in user (learner or admin), or admins only. */
export type Access = "public" | "signed-in" | "admin";

type Context<A extends Access> = {
  request: Request;
  caller: A extends "public" ? Caller | null : Caller;
  params: Record<string, string>;
  /** Who is calling, for per-address limits: decided by the server (lib/http/client-address.ts). */
  clientAddress: string;
};

/** What the router hands every handler besides the request. */
export type RouteSegment = { params?: Promise<Record<string, string>> | Record<string, string>; clientAddress?: string };

type Handler<A extends Access> = (context: Context<A>) => Promise<Response | unknown>;

type RouteOptions = {
  /**
   * Open to an admin who must still set up two-factor sign-in (ADMIN_REQUIRE_TWO_FACTOR): what
   * setting it up takes (their account, the two-factor routes, signing out). Every other
   * signed-in or admin route refuses that admin with 403.
   */
  beforeTwoFactor?: boolean;
};

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.extra.retryAfterSeconds) headers["retry-after"] = String(error.extra.retryAfterSeconds);
    if (error.status === 401) headers["www-authenticate"] = "Bearer";
    return jsonResponse(
      { detail: error.message, ...(error.extra.fields ? { errors: error.extra.fields } : {}) },
      { status: error.status, headers },
    );
  }
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => ({ field: issue.path.join(".") || "body", message: issue.message }));
    return jsonResponse({ detail: errors[0]?.message ?? "Invalid input.", errors }, { status: 422 });
  }
  if (isDatabaseUnavailable(error)) {
    return jsonResponse(
      { detail: SERVICE_UNAVAILABLE },
      { status: 503, headers: { "retry-after": "5" } },
    );
  }
  logger().error({ err: error }, "unexpected error");
  return jsonResponse({ detail: "Something went wrong." }, { status: 500 });
}

/** API answers are per caller and per moment: no browser or shared cache may keep one. */
function noStore(response: Response): Response {
  response.headers.set("cache-control", "no-store");
  return response;
}

export function route<A extends Access>(access: A, handler: Handler<A>, options: RouteOptions = {}) {
  return async (request: Request, segment?: RouteSegment): Promise<Response> => noStore(await answer(access, handler, options, request, segment));
}

/** The handler's answer, or the refusal or error as `{detail}`. */
async function answer<A extends Access>(access: A, handler: Handler<A>, options: RouteOptions, request: Request, segment?: RouteSegment): Promise<Response> {
  try {
    const caller = await resolveCaller(request.headers);
    if (access !== "public") {
      if (!caller) throw new AppError("unauthorized", "Not authenticated. Please log in.");
      if (access === "admin" && caller.role !== "admin") {
        throw new AppError("forbidden", "You do not have permission to do this.");
      }
      if (caller.credential === "cookie") assertSameOrigin(request, new URL(getEnv().APP_URL).origin);
      if (!options.beforeTwoFactor && mustSetUpTwoFactor(caller)) throw new AppError("forbidden", ADMIN_TWO_FACTOR_REQUIRED);
    }
    const params = (await segment?.params) ?? {};
    const clientAddress = segment?.clientAddress ?? UNKNOWN_ADDRESS;
    const result = await handler({ request, caller: caller as Context<A>["caller"], params, clientAddress });
    if (result instanceof Response) return result;
    return jsonResponse(result);
  } catch (error) {
    return errorResponse(error);
  }
}

/** Path ids: positive integers only (404 for anything else, as for a missing row). */
export function idParam(params: Record<string, string>, name = "id"): number {
  const raw = params[name] ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found", "Not Found");
  return id;
}

/** Only the caller themself or an admin may act on a user's data (DESIGN.md section 5). */
export function assertSelfOrAdmin(caller: Caller, userId: number): void {
  if (caller.role !== "admin" && caller.id !== userId) {
    throw new AppError("forbidden", "You can only access your own data.");
  }
}
