import { deleteUser, updateUserAsAdmin } from "@/lib/accounts/users";
import { readJson } from "@/lib/http/request";
import { idParam, route } from "@/lib/http/route";
import { adminUserUpdateSchema } from "@/lib/validation/accounts";

// PUT /users/{id} – an admin edits a user's first name, last name and role
export const PUT = route("admin", async ({ request, caller, params }) =>
  updateUserAsAdmin(caller, idParam(params), await readJson(request, adminUserUpdateSchema)),
);

// DELETE /users/{id} – an admin deletes a user and everything they own
export const DELETE = route("admin", async ({ caller, params }) => {
  await deleteUser(caller, idParam(params));
  return new Response(null, { status: 204 });
});
