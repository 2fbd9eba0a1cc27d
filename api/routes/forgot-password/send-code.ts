import { sendPasswordResetCode } from "@/lib/accounts/password-reset";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { emailOnlySchema } from "@/lib/validation/accounts";

// POST /forgot-password/send-code – e-mail a reset code (same answer for known and unknown e-mails)
export const POST = route("public", async ({ request, clientAddress }) => {
  const { email } = await readJson(request, emailOnlySchema);
  return sendPasswordResetCode(email, clientAddress);
});
