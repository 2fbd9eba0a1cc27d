import { confirmTwoFactor } from "@/lib/auth/two-factor";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { twoFactorConfirmSchema } from "@/lib/validation/accounts";

// POST /users/me/two-factor/confirm – a current code from the authenticator app turns two-factor sign-in on
export const POST = route("signed-in", async ({ request, caller }) => {
  const { code } = await readJson(request, twoFactorConfirmSchema);
  await confirmTwoFactor(caller.id, code);
  return { message: "Two-factor authentication is on." };
}, { beforeTwoFactor: true });
