import { NextResponse } from "next/server";
import { isApiRequest } from "@/lib/navigation/unknown-path";

// Every path no page or API route claims: pages redirect home, API calls get a JSON 404.
function unknownPath(request: Request): Response {
  if (isApiRequest(request.method, request.headers.get("accept"))) {
    return NextResponse.json({ detail: "Not Found" }, { status: 404, headers: { "cache-control": "no-store" } });
  }
  // A relative Location: behind a proxy or on another host name the browser stays where it is.
  return new Response(null, { status: 307, headers: { location: "/" } });
}

export const GET = unknownPath;
export const HEAD = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
export const OPTIONS = unknownPath;
