import { beginTwoFactor, disableTwoFactor } from "@/lib/auth/two-factor";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { twoFactorDisableSchema, twoFactorStartSchema } from "@/lib/validation/accounts";

// POST /users/me/two-factor – with the password: a new authenticator secret (otpauth URI) and backup codes, to confirm with a code
export const POST = route("signed-in", async ({ request, caller }) => {
  const { password } = await readJson(request, twoFactorStartSchema);
  return beginTwoFactor(caller.id, caller.email, password);
}, { beforeTwoFactor: true });

// DELETE /users/me/two-factor – with the password and a current (or backup) code: two-factor sign-in off
export const DELETE = route("signed-in", async ({ request, caller }) => {
  const { password, code } = await readJson(request, twoFactorDisableSchema);
  await disableTwoFactor(caller.id, password, code);
  return { message: "Two-factor authentication is off." };
}, { beforeTwoFactor: true });
