import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/*
 * A second factor, once on, guards every way in (docs/security.md "Accounts"). Better Auth makes
 * every session (lib/accounts/auth/better-auth.ts, its session hook), so the gate sits there and is shut by
 * default: a session for a user with two-factor sign-in on is made only inside
 * withSecondFactorChecked, which our password sign-in enters after the code matched
 * (lib/accounts/sign-in.ts). Any other way (the organisation sign-in, anything added later) is
 * refused with TWO_FACTOR_SIGN_IN_REQUIRED, and the provider's account is not linked to it either.
 */

/** The `?error=` the organisation sign-in sends the browser back to /login with. */
export const TWO_FACTOR_SIGN_IN_REQUIRED = "two_factor_required";
export const TWO_FACTOR_SIGN_IN_MESSAGE =
  "Your account has two-factor sign-in on, so it cannot use your organisation's sign-in. Log in with your email, password and the code from your authenticator app.";

const checked = new AsyncLocalStorage<number>();

/** Runs `start` (which makes the session) as the sign-in that has just checked this user's second factor. */
export function withSecondFactorChecked<T>(userId: number, start: () => Promise<T>): Promise<T> {
  return checked.run(userId, start);
}

/** Whether the session being made now belongs to a sign-in that checked this user's second factor. */
export function secondFactorCheckedFor(userId: number): boolean {
  return checked.getStore() === userId;
}
