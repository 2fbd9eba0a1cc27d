import { verifyPasswordResetCode } from "@/lib/accounts/password-reset";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { verifyCodeSchema } from "@/lib/validation/accounts";

// POST /forgot-password/verify-code – check a reset code; answers a one-time reset_token
export const POST = route("public", async ({ request, clientAddress }) => {
  const { email, code } = await readJson(request, verifyCodeSchema);
  return verifyPasswordResetCode(email, code, clientAddress);
});
