import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, isHttpsUrl, newNonce } from "@/lib/http/security-headers";
import { loginUrl } from "@/lib/navigation/callback-url";

/*
 * Next 16's proxy (formerly middleware): a fast first gate for the two signed-in areas.
 * It only reads the session cookie; the area layouts check the user against the database.
 * GET /dashboard/stats is admin JSON that shares the /dashboard prefix: never redirected here.
 * It also gives the pages that show stored content (always rendered per request) a nonce-based
 * Content-Security-Policy; see lib/http/security-headers.ts.
 */

const AREA_ROLE: [prefix: string, role: "user" | "admin"][] = [
  ["/dashboard", "user"],
  ["/admin", "admin"],
];

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

export async function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  // The original app's sign-in routes: deliberate redirects that keep a safe callbackUrl.
  if (SIGN_IN_ALIASES.has(pathname)) return redirectTo(request, loginUrl(searchParams.get("callbackUrl")));
  if (pathname === "/dashboard/stats") return NextResponse.next();

  const area = AREA_ROLE.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (!area) return renderWithNonce(request);

  const secret = process.env.AUTH_SECRET;
  const secureCookie = isHttpsUrl(process.env.APP_URL);
  const token = secret ? await getToken({ req: request, secret, secureCookie }) : null;
  if (token?.role === area[1]) return renderWithNonce(request);

  // Back to the page after login (the login form only follows same-origin paths the role may open).
  return redirectTo(request, loginUrl(request.method === "GET" ? `${pathname}${search}` : null));
}

export const config = {
  matcher: ["/signin", "/explore", "/dashboard/:path*", "/admin/:path*"],
};
