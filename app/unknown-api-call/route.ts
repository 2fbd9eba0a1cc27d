import { NOT_FOUND_DETAIL } from "@/lib/platform/navigation/unknown-path";

// An API call to a path no page or endpoint holds, rewritten here by next.config.ts's fallback
// rewrite (lib/platform/navigation/unknown-path.ts): a JSON 404, as the API answers under its namespaces.
// A browser that opens an unknown path gets app/not-found.tsx instead.
function unknownApiCall(): Response {
  return Response.json(NOT_FOUND_DETAIL, { status: 404, headers: { "cache-control": "no-store" } });
}

export const GET = unknownApiCall;
export const HEAD = unknownApiCall;
export const POST = unknownApiCall;
export const PUT = unknownApiCall;
export const PATCH = unknownApiCall;
export const DELETE = unknownApiCall;
export const OPTIONS = unknownApiCall;
