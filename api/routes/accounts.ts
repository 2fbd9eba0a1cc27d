import { getDb } from "@/db/client";
import { logIn, TwoFactorRequired } from "@/lib/accounts/login";
import { resetPassword, sendPasswordResetCode, verifyPasswordResetCode } from "@/lib/accounts/password-reset";
import { registerVerifiedUser, sendRegistrationCode, verifyRegistrationCode } from "@/lib/accounts/registration";
import { endAllSessions, endSession } from "@/lib/accounts/auth/sessions";
import {
  emailOnlySchema,
  logInFormSchema,
  registerSendCodeSchema,
  registerUserSchema,
  registerVerifyCodeSchema,
  resetPasswordSchema,
  verifyCodeSchema,
} from "@/lib/accounts/schemas";
import { loginRefusal, loginResponse, publicUser, resetTokenResponse, signupTokenResponse, verifyRegistrationResponse } from "@/lib/accounts/responses";
import { messageResponse } from "@/lib/platform/schemas/common-responses";
import { endpoint } from "../endpoint";

/* Accounts: signing in and out, signing up, and resetting a forgotten password. */

const TOO_MANY = "Too many attempts (per e-mail and per address), or the server is busy hashing passwords; see Retry-After.";
const WRONG_CODE = "The code is wrong or expired, or the sign-up session expired.";
const EMAIL_TAKEN = "The e-mail already has an account.";

export const logInEndpoint = endpoint(
  {
    method: "POST",
    path: "/log_in",
    access: "public",
    tag: "Accounts",
    summary: "Log in",
    description: "OAuth2 password grant, form-encoded: `username` is the e-mail; `scope`, `client_id` and `client_secret` are accepted and ignored.",
    body: { form: logInFormSchema },
    responses: { 200: { description: "A bearer token and the user.", schema: loginResponse } },
    errors: { 401: "Wrong e-mail or password, or (`two_factor_required`) the account's authenticator code is needed in `otp`.", 403: "The account has been deactivated.", 429: TOO_MANY },
    errorSchemas: { 401: loginRefusal },
  },
  async (c) => {
    const form = c.req.valid("form");
    try {
      return c.json(await logIn(getDb(), { email: form.username, password: form.password, otp: form.otp }, c.var.clientAddress, c.req.header("user-agent") ?? ""));
    } catch (error) {
      if (!(error instanceof TwoFactorRequired)) throw error;
      // The password was right: the client asks for the authenticator code and sends it in `otp`.
      return c.json({ detail: error.message, two_factor_required: true }, 401, { "www-authenticate": "Bearer" });
    }
  },
);

// Open to an admin who must still set up two-factor sign-in: signing out never needs it.
export const logOut = endpoint(
  {
    method: "POST",
    path: "/log_out",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Log out",
    description: "Ends the session of this credential (the bearer token, or the browser session of the cookie) on the server.",
    responses: { 200: { description: "Signed out.", schema: messageResponse } },
  },
  async (c) => {
    await endSession(getDb(), c.var.caller.id, c.var.caller.session.sessionId);
    return c.json({ message: "Signed out." });
  },
);

export const logOutEverywhere = endpoint(
  {
    method: "POST",
    path: "/log_out/everywhere",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Log out everywhere",
    description: "Every cookie and bearer token of the caller stops working.",
    responses: { 200: { description: "Signed out everywhere.", schema: messageResponse } },
  },
  async (c) => {
    await endAllSessions(getDb(), c.var.caller.id);
    return c.json({ message: "Signed out everywhere." });
  },
);

export const sendRegistrationCodeEndpoint = endpoint(
  {
    method: "POST",
    path: "/register/send-code",
    access: "public",
    tag: "Accounts",
    summary: "Send a sign-up code",
    description: "E-mails a 6-digit code. The same answer for known and unknown e-mails. A resend passes its `signup_token` to keep its request.",
    body: { json: registerSendCodeSchema },
    responses: { 200: { description: "The code was sent (or the e-mail is taken: the answer is the same).", schema: signupTokenResponse } },
    errors: { 429: TOO_MANY },
  },
  async (c) => c.json(await sendRegistrationCode(getDb(), c.req.valid("json"), c.var.clientAddress)),
);

export const verifyRegistrationCodeEndpoint = endpoint(
  {
    method: "POST",
    path: "/register/verify-code",
    access: "public",
    tag: "Accounts",
    summary: "Verify a sign-up code",
    description: "Creates the account when the request carried sign-up values; otherwise grants a `registration_token` for `POST /users/`.",
    body: { json: registerVerifyCodeSchema },
    responses: { 200: { description: "The code is right.", schema: verifyRegistrationResponse } },
    errors: { 400: WRONG_CODE, 409: EMAIL_TAKEN, 429: TOO_MANY },
  },
  async (c) => {
    const { email, code, signup_token } = c.req.valid("json");
    return c.json(await verifyRegistrationCode(getDb(), email, code, signup_token, c.var.clientAddress));
  },
);

// The app matches paths loosely (api/app.ts), so `POST /users/` reaches this too.
export const registerVerifiedUserEndpoint = endpoint(
  {
    method: "POST",
    path: "/users",
    access: "public",
    tag: "Accounts",
    summary: "Create an account",
    description: "Needs the `registration_token` that verify-code granted (within 15 minutes, once). The path may end with a slash (`POST /users/`).",
    body: { json: registerUserSchema },
    responses: { 201: { description: "The new account.", schema: publicUser } },
    errors: { 403: "No valid registration_token for this e-mail.", 409: EMAIL_TAKEN, 429: TOO_MANY },
  },
  async (c) => c.json(await registerVerifiedUser(getDb(), c.req.valid("json"), c.var.clientAddress), 201),
);

export const sendPasswordResetCodeEndpoint = endpoint(
  {
    method: "POST",
    path: "/forgot-password/send-code",
    access: "public",
    tag: "Accounts",
    summary: "Send a password-reset code",
    description: "The same answer for known and unknown e-mails.",
    body: { json: emailOnlySchema },
    responses: { 200: { description: "The code was sent (if the e-mail has an account).", schema: messageResponse } },
    errors: { 429: TOO_MANY },
  },
  async (c) => c.json(await sendPasswordResetCode(getDb(), c.req.valid("json").email, c.var.clientAddress)),
);

export const verifyPasswordResetCodeEndpoint = endpoint(
  {
    method: "POST",
    path: "/forgot-password/verify-code",
    access: "public",
    tag: "Accounts",
    summary: "Verify a password-reset code",
    body: { json: verifyCodeSchema },
    responses: { 200: { description: "The code is right: a one-time reset_token.", schema: resetTokenResponse } },
    errors: { 400: WRONG_CODE, 429: TOO_MANY },
  },
  async (c) => {
    const { email, code } = c.req.valid("json");
    return c.json(await verifyPasswordResetCode(getDb(), email, code, c.var.clientAddress));
  },
);

export const resetPasswordEndpoint = endpoint(
  {
    method: "POST",
    path: "/forgot-password/reset-password",
    access: "public",
    tag: "Accounts",
    summary: "Set a new password",
    description: "With the reset_token from verify-code; ends every older session and token.",
    body: { json: resetPasswordSchema },
    responses: { 200: { description: "The password was changed.", schema: messageResponse } },
    errors: { 400: "The reset_token is wrong, used or expired.", 429: TOO_MANY },
  },
  async (c) => c.json(await resetPassword(getDb(), c.req.valid("json"), c.var.clientAddress)),
);
