import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

/*
 * Next 16's proxy (formerly middleware): a fast first gate for the two signed-in areas.
 * It only reads the session cookie; the area layouts check the user against the database.
 * GET /dashboard/stats is admin JSON that shares the /dashboard prefix: never redirected here.
 */

const AREA_ROLE: [prefix: string, role: "user" | "admin"][] = [
  ["/dashboard", "user"],
  ["/admin", "admin"],
];

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/dashboard/stats") return NextResponse.next();

  const area = AREA_ROLE.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (!area) return NextResponse.next();

  const secret = process.env.AUTH_SECRET;
  const secureCookie = (process.env.APP_URL ?? "").startsWith("https://");
  const token = secret ? await getToken({ req: request, secret, secureCookie }) : null;
  if (token?.role === area[1]) return NextResponse.next();

  const login = new URL("/login", request.url);
  login.search = "";
  return NextResponse.redirect(login);
}

export const config = {
  matcher: ["/dashboard/:path*", "/admin/:path*"],
};
