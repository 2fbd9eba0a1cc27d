/*
 * Keeps the browser from painting a page's first frame until its HTML has been parsed to the
 * end: `<link rel="expect" blocking="render">` naming an id no element carries holds rendering
 * until the parser finishes (Chrome 124+; other browsers ignore it). For the layout of a route
 * whose loading.tsx streams first: on a full page load the server sends the loading state and,
 * milliseconds later in the same response, the page, whose reveal script comes at the end of the
 * document. Without the hold the first frame shows the skeleton and the page replaces it only
 * when the browser next renders, after whatever scripts ran meanwhile: a flash of skeleton and a
 * later lesson. On a client-side navigation the link has no effect (render-blocking applies only
 * while a document is first parsed), and the loading state shows as before.
 */
const NOTHING_CARRIES_THIS_ID = "document-end";

export function HoldFirstPaintUntilParsed() {
  // React hoists the link into <head>, where render-blocking elements must be.
  return <link rel="expect" href={`#${NOTHING_CARRIES_THIS_ID}`} blocking="render" />;
}
