import "server-only";
import { signInAfterSignUp } from "../registration";
import { CLIENT_ADDRESS_HEADER } from "../../platform/http/client-address";
import { AUTH_BASE_PATH, OPEN_AUTH_PATHS } from "./better-auth";
import { getAuth, handSignUpSignIn } from "./instance";

handSignUpSignIn(signInAfterSignUp);

/*
 * /api/auth/*: Better Auth's fetch handler, mounted on the Hono app (api/app.ts). Only the
 * endpoints this app uses are reachable (OPEN_AUTH_PATHS); the client address is the one the
 * server decided, written over anything the client put in that header.
 */
export async function handleAuthRequest(request: Request, clientAddress: string): Promise<Response> {
  const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length);
  if (!OPEN_AUTH_PATHS.includes(path)) return Response.json({ detail: "Not Found" }, { status: 404 });
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  const forwarded = new Request(request, { headers });
  return getAuth().handler(forwarded);
}
