/**
 * How a scroll the app starts should move: at once for a learner who asked the system for reduced
 * motion, smoothly otherwise.
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth";
}
