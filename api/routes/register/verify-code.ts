import { verifyRegistrationCode } from "@/lib/accounts/registration";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { registerVerifyCodeSchema } from "@/lib/validation/accounts";

// POST /register/verify-code – check a sign-up code for the request its signup_token names: creates its account, or grants a registration_token
export const POST = route("public", async ({ request, clientAddress }) => {
  const { email, code, signup_token } = await readJson(request, registerVerifyCodeSchema);
  return verifyRegistrationCode(email, code, signup_token, clientAddress);
});
