import "server-only";
import { getDb } from "../../db/client";
import { sendCodeEmail } from "../accounts/code-email";
import { signInAfterSignUp } from "../accounts/registration";
import { signIn } from "../accounts/sign-in";
import { createAuth, type Auth } from "./better-auth";

/*
 * The app's Better Auth instance, assembled: lib/auth/better-auth.ts configures the library, and
 * this module hands its plugins our work as callbacks (the password sign-in, the sign-up's
 * verify step, a code's e-mail).
 * What those callbacks need of the instance, the plugin hands them (its context), so none of them
 * imports this module and the imports stay free of cycles.
 */

let auth: Auth | undefined;

/** The app's Better Auth instance (one per process, built on first use from the environment). */
export function getAuth(): Auth {
  auth ??= createAuth({ signIn, signUpSignIn: signInAfterSignUp, sendVerificationOTP: (data) => sendCodeEmail(getDb(), data) });
  return auth;
}
