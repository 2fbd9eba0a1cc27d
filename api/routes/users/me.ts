import { deleteOwnAccount } from "@/lib/account-data/delete";
import { getUser, updateProfile } from "@/lib/accounts/users";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { deleteAccountSchema } from "@/lib/validation/account-data";
import { profileSchema } from "@/lib/validation/accounts";

// GET /users/me – the caller's own account
export const GET = route("signed-in", async ({ caller }) => getUser(caller.id), { beforeTwoFactor: true });

// PUT /users/me – the caller updates their first and last name
export const PUT = route("signed-in", async ({ request, caller }) => updateProfile(caller.id, await readJson(request, profileSchema)), { beforeTwoFactor: true });

// DELETE /users/me – the caller deletes their own account, confirming it with their password
export const DELETE = route("signed-in", async ({ request, caller, clientAddress }) => {
  const { password } = await readJson(request, deleteAccountSchema);
  await deleteOwnAccount(caller, password, clientAddress);
  return new Response(null, { status: 204 });
});
