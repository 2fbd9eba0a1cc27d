import { sendPasswordResetCode } from "@/lib/accounts/password-reset";
import { route } from "@/lib/http/route";

// POST /users/me/password-reset-code – My Account's "Change Password": a reset code to the caller's own e-mail
export const POST = route("signed-in", async ({ caller, clientAddress }) => {
  await sendPasswordResetCode(caller.email, clientAddress);
  return { message: "Reset code sent successfully." };
});
