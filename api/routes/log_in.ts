import { z } from "zod";
import { logIn, TwoFactorRequired } from "@/lib/accounts/login";
import { jsonResponse } from "@/lib/http/json-response";
import { readForm } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { emailField, passwordField, twoFactorCodeField } from "@/lib/validation/accounts";

// OAuth2 password-grant form: username is the e-mail; scope, client_id and client_secret are ignored.
// otp: the authenticator app's current code (or a backup code) once two-factor sign-in is on.
export const loginForm = z.object({
  grant_type: z.literal("password", { error: "grant_type must be password" }).optional(),
  username: emailField,
  password: passwordField,
  otp: twoFactorCodeField.optional(),
});

// POST /log_in – exchange e-mail and password (and the second factor, when on) for a bearer token
export const POST = route("public", async ({ request, clientAddress }) => {
  const form = await readForm(request, loginForm);
  try {
    return await logIn({ email: form.username, password: form.password, otp: form.otp }, clientAddress, request.headers.get("user-agent") ?? "");
  } catch (error) {
    if (!(error instanceof TwoFactorRequired)) throw error;
    return jsonResponse({ detail: error.message, two_factor_required: true }, { status: 401, headers: { "www-authenticate": "Bearer" } });
  }
});
