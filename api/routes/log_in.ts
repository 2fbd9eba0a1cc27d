import { logIn, TwoFactorRequired } from "@/lib/accounts/login";
import { jsonResponse } from "@/lib/http/json-response";
import { readForm } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { logInFormSchema } from "@/lib/validation/accounts";

// TRANSITION: the schema lives in lib/validation/accounts.ts; this name stays for the legacy docs.
export const loginForm = logInFormSchema;

// POST /log_in – exchange e-mail and password (and the second factor, when on) for a bearer token
export const POST = route("public", async ({ request, clientAddress }) => {
  const form = await readForm(request, logInFormSchema);
  try {
    return await logIn({ email: form.username, password: form.password, otp: form.otp }, clientAddress, request.headers.get("user-agent") ?? "");
  } catch (error) {
    if (!(error instanceof TwoFactorRequired)) throw error;
    return jsonResponse({ detail: error.message, two_factor_required: true }, { status: 401, headers: { "www-authenticate": "Bearer" } });
  }
});
