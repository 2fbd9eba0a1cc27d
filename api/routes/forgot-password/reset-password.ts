import { resetPassword } from "@/lib/accounts/password-reset";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { resetPasswordSchema } from "@/lib/validation/accounts";

// POST /forgot-password/reset-password – set a new password with the reset_token from verify-code
export const POST = route("public", async ({ request, clientAddress }) => resetPassword(await readJson(request, resetPasswordSchema), clientAddress));
