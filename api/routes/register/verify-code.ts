import { verifyRegistrationCode } from "@/lib/accounts/registration";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { verifyCodeSchema } from "@/lib/validation/accounts";

// POST /register/verify-code – check a sign-up code; creates the account when sign-up values are waiting
export const POST = route("public", async ({ request, clientAddress }) => {
  const { email, code } = await readJson(request, verifyCodeSchema);
  return verifyRegistrationCode(email, code, clientAddress);
});
