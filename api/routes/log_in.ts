import { z } from "zod";
import { logIn } from "@/lib/accounts/login";
import { readForm } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { emailField, passwordField } from "@/lib/validation/accounts";

// OAuth2 password-grant form: username is the e-mail; scope, client_id and client_secret are ignored.
export const loginForm = z.object({
  grant_type: z.literal("password", { error: "grant_type must be password" }).optional(),
  username: emailField,
  password: passwordField,
});

// POST /log_in – exchange e-mail and password for a bearer token
export const POST = route("public", async ({ request, clientAddress }) => {
  const form = await readForm(request, loginForm);
  return logIn(form.username, form.password, clientAddress);
});
