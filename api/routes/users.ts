import { jsonResponse } from "@/lib/http/json-response";
import { registerVerifiedUser } from "@/lib/accounts/registration";
import { listUsers } from "@/lib/accounts/users";
import { readJson, readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { registerUserSchema } from "@/lib/validation/accounts";
import { userListQuery } from "@/lib/validation/admin";

// GET /users – the users (admin), at most 100 at a time; ?search= filters by e-mail, ?page=&limit= pages (X-Total-Count has the total)
export const GET = route("admin", async ({ request }) => {
  const { users, total } = await listUsers(readQuery(request, userListQuery));
  return jsonResponse(users, { headers: { "x-total-count": String(total) } });
});

// POST /users/ – create the account of a verified sign-up (needs the registration_token verify-code granted)
export const POST = route("public", async ({ request, clientAddress }) => {
  const user = await registerVerifiedUser(await readJson(request, registerUserSchema), clientAddress);
  return jsonResponse(user, { status: 201 });
});
