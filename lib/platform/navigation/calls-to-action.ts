import { homeFor, type Role } from "./callback-url";

/*
 * Where the public pages' calls to action lead (docs/product-rules.md, Screens). A visitor is asked
 * to sign up: the home page's buttons and every topic card of the public explorer lead to /signup
 * (the original specification sent topic cards to /login, a departure recorded there: most people
 * browsing topics have no account yet, and the sign-up page links to log-in for those who do).
 * Someone signed in is never asked to create an account again: they go to their own area, a
 * learner's topic card to that topic's courses.
 */

export const SIGN_UP_PATH = "/signup";

/** The home page's "Generate My First Course" and "Sign Up and Start Learning". */
export function startLearningHref(role: Role | null): string {
  return role ? homeFor(role) : SIGN_UP_PATH;
}

/** A topic card of the public explorer. */
export function publicTopicHref(role: Role | null, topicId: number): string {
  if (!role) return SIGN_UP_PATH;
  return role === "admin" ? homeFor(role) : `/dashboard/topics/${topicId}`;
}
