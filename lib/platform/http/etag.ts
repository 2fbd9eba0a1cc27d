/**
 * Whether the request's If-None-Match names this entity tag, or is "*": the client's copy is the
 * current one and a 304 answers (RFC 9110 section 13.1.2, which compares tags weakly: W/ aside).
 */
export function matchesIfNoneMatch(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}
