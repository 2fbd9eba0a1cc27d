/*
 * The token of a link from one of our e-mails, read from the URL's #fragment (name=value), which
 * the browser never sends to a server: it stays out of access logs and Referer headers. The page
 * posts it only when the owner presses its button (mail scanners that open links change nothing).
 */
export function linkToken(name: string): string {
  return new URLSearchParams(window.location.hash.slice(1)).get(name) ?? "";
}
