import { endAllSessions } from "@/lib/auth/sessions";
import { deleteUser, updateUserAsAdmin } from "@/lib/accounts/users";
import { listUsersForAdmin } from "@/lib/admin/list-users";
import { adminUserUpdateSchema } from "@/lib/validation/accounts";
import { userListQuery } from "@/lib/validation/admin";
import { idPath } from "@/lib/validation/params";
import { publicUser } from "@/lib/validation/responses/accounts";
import { adminUserList } from "@/lib/validation/responses/admin";
import { messageResponse } from "@/lib/validation/responses/common";
import { endpoint } from "../endpoint";
import { sliceJson } from "../http/slice";

/* Users as an admin manages them: the list, a user's names and role, deleting them, signing them out. */

export const listUsersEndpoint = endpoint(
  {
    method: "GET",
    path: "/users",
    access: "admin",
    tag: "Admin",
    summary: "List users",
    description:
      "`search` matches part of the name (first, last, or \"first last\") or of the e-mail, case-insensitively. " +
      "`sort` (name, email, role, joined, last_active) and `order` (asc, desc; default asc) order the list, the id breaking ties; " +
      "without `sort`, by id. Never-active users sort as the least recently active. At most 100 at a time.",
    query: userListQuery,
    responses: { 200: { description: "One page of users.", schema: adminUserList, totalCount: true } },
  },
  // GET /users – the admin users table
  async (c) => {
    const { users, total } = await listUsersForAdmin(c.req.valid("query"));
    return sliceJson(c, { items: users, total });
  },
);

export const updateUser = endpoint(
  {
    method: "PUT",
    path: "/users/:id",
    access: "admin",
    tag: "Admin",
    summary: "Edit a user",
    description: "Names and role; a role change ends the user's sessions.",
    params: idPath,
    // The user the call is about (a no-op check for an admin; the tests call it about the admin themself and someone else).
    owner: { in: "path", name: "id" },
    body: { json: adminUserUpdateSchema },
    responses: { 200: { description: "The updated user.", schema: publicUser } },
    errors: { 404: "No such user.", 409: "The last active admin, or your own admin role." },
  },
  async (c) => c.json(await updateUserAsAdmin(c.var.caller, c.req.valid("param").id, c.req.valid("json"))),
);

export const deleteUserEndpoint = endpoint(
  {
    method: "DELETE",
    path: "/users/:id",
    access: "admin",
    tag: "Admin",
    summary: "Delete a user",
    description: "Everything the user owns goes too.",
    params: idPath,
    // The user the call is about (a no-op check for an admin; the tests call it about the admin themself and someone else).
    owner: { in: "path", name: "id" },
    responses: { 204: { description: "Deleted." } },
    errors: { 404: "No such user.", 409: "The last active admin, or your own account." },
  },
  async (c) => {
    await deleteUser(c.var.caller, c.req.valid("param").id);
    return c.body(null, 204);
  },
);

export const endUserSessions = endpoint(
  {
    method: "DELETE",
    path: "/users/:id/sessions",
    access: "admin",
    tag: "Admin",
    summary: "Sign a user out everywhere",
    description: "Ends every session of the user (browser cookies and bearer tokens).",
    params: idPath,
    // The user the call is about (a no-op check for an admin; the tests call it about the admin themself and someone else).
    owner: { in: "path", name: "id" },
    responses: { 200: { description: "Signed out everywhere.", schema: messageResponse } },
  },
  async (c) => {
    await endAllSessions(c.req.valid("param").id);
    return c.json({ message: "Signed out everywhere." });
  },
);
