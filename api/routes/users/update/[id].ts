import { updateProfile } from "@/lib/accounts/users";
import { readJson } from "@/lib/http/request";
import { assertSelfOrAdmin, idParam, route } from "@/lib/http/route";
import { profileSchema } from "@/lib/validation/accounts";

// PUT /users/update/{id} – update a profile's names: your own, or anyone's as an admin (other fields are ignored)
export const PUT = route("signed-in", async ({ request, caller, params }) => {
  const id = idParam(params);
  assertSelfOrAdmin(caller, id);
  return updateProfile(id, await readJson(request, profileSchema));
});
