import "server-only";
import { getDb, type Database } from "../../../db/client";
import { sendCodeEmail } from "../code-email";
import { signIn } from "../sign-in";
import { createAuth, type Auth } from "./better-auth";
import type { SignUpSignIn } from "./sign-in-plugin";

/*
 * The app's Better Auth instance, assembled: lib/accounts/auth/better-auth.ts configures the library, and
 * this module hands its plugins our work as callbacks (the password sign-in, the sign-up's
 * verify step, a code's e-mail).
 * What those callbacks need of the instance, the plugin hands them (its context), so none of them
 * imports this module and the imports stay free of cycles.
 */

let auth: Auth | undefined;
let signUpSignIn: ((db: Database, ...args: Parameters<SignUpSignIn>) => ReturnType<SignUpSignIn>) | undefined;

/**
 * The sign-up's verify step (lib/accounts/registration.ts), handed in by the /api/auth handler
 * (lib/accounts/auth/handler.ts) before any request reaches it: it checks codes, which uses this instance,
 * so this module cannot import it.
 */
export function handSignUpSignIn(step: NonNullable<typeof signUpSignIn>): void {
  signUpSignIn = step;
}

const signUpStep: SignUpSignIn = (...args) => {
  if (!signUpSignIn) throw new Error("the sign-up's verify step was not handed to the auth instance");
  return signUpSignIn(getDb(), ...args);
};

/** The app's Better Auth instance (one per process, built on first use from the environment). */
export function getAuth(): Auth {
  auth ??= createAuth({ signIn: (...args) => signIn(getDb(), ...args), signUpSignIn: signUpStep, sendVerificationOTP: (data) => sendCodeEmail(getDb(), data) });
  return auth;
}
