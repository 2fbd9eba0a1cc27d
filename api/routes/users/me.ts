import { getUser, updateProfile } from "@/lib/accounts/users";
import { readJson } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { profileSchema } from "@/lib/validation/accounts";

// GET /users/me – the caller's own account
export const GET = route("signed-in", async ({ caller }) => getUser(caller.id));

// PUT /users/me – the caller updates their first and last name
export const PUT = route("signed-in", async ({ request, caller }) => updateProfile(caller.id, await readJson(request, profileSchema)));
