import { sendRegistrationCode } from "@/lib/accounts/registration";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { registerSendCodeSchema } from "@/lib/validation/accounts";

// POST /register/send-code – e-mail a sign-up code; answers the signup_token of this request (same answer for known and unknown e-mails)
export const POST = route("public", async ({ request, clientAddress }) =>
  sendRegistrationCode(await readJson(request, registerSendCodeSchema), clientAddress),
);
