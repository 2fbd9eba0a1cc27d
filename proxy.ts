import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES } from "@/lib/accounts/auth/session-constants";
import { contentSecurityPolicy, newNonce } from "@/lib/platform/http/security-headers";
import { loginUrl } from "@/lib/platform/navigation/callback-url";

/*
 * Next 16's proxy (formerly middleware): a fast first gate for the two signed-in areas.
 * It only looks for the session cookie; the area layouts check the session, user and role against the database.
 * GET /dashboard/stats is admin JSON that shares the /dashboard prefix: never redirected here.
 * It also gives the pages that show stored content (always rendered per request) a nonce-based
 * Content-Security-Policy; see lib/platform/http/security-headers.ts.
 */

const SIGNED_IN_AREAS = ["/dashboard", "/admin"];

const SIGN_IN_ALIASES = new Set(["/signin", "/dashboard/signin"]);

function redirectTo(request: NextRequest, target: string) {
  return NextResponse.redirect(new URL(target, request.url));
}

/** Next reads the nonce from the request's policy and stamps it on every script it renders. */
function renderWithNonce(request: NextRequest) {
  const policy = contentSecurityPolicy({ development: process.env.NODE_ENV === "development", nonce: newNonce() });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  // The original app's sign-in routes: deliberate redirects that keep a safe callbackUrl.
  if (SIGN_IN_ALIASES.has(pathname)) return redirectTo(request, loginUrl(searchParams.get("callbackUrl")));
  if (pathname === "/dashboard/stats") return NextResponse.next();

  const inArea = SIGNED_IN_AREAS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (!inArea) return renderWithNonce(request);

  if (SESSION_COOKIES.some((name) => request.cookies.has(name))) return renderWithNonce(request);

  // Back to the page after login (the login form only follows same-origin paths the role may open).
  return redirectTo(request, loginUrl(request.method === "GET" ? `${pathname}${search}` : null));
}

export const config = {
  // A certificate shows a stored name and course title: it takes the nonce policy too.
  matcher: ["/signin", "/explore", "/certificates/:path*", "/dashboard/:path*", "/admin/:path*"],
};
