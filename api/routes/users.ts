import { NextResponse } from "next/server";
import { registerVerifiedUser } from "@/lib/accounts/registration";
import { listUsers } from "@/lib/accounts/users";
import { readJson, readQuery } from "@/lib/http/request";
import { route } from "@/lib/http/route";
import { registerUserSchema } from "@/lib/validation/accounts";
import { userListQuery } from "@/lib/validation/admin";

// GET /users – the users (admin), at most 100 at a time; ?search= filters by e-mail, ?page=&limit= pages (X-Total-Count has the total)
export const GET = route("admin", async ({ request }) => {
  const { users, total } = await listUsers(readQuery(request, userListQuery));
  return NextResponse.json(users, { headers: { "x-total-count": String(total) } });
});

// POST /users/ – create an account for an e-mail verified moments before
export const POST = route("public", async ({ request }) => {
  const user = await registerVerifiedUser(await readJson(request, registerUserSchema));
  return NextResponse.json(user, { status: 201 });
});
