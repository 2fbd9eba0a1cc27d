import { getDb } from "@/db/client";
import { endAllSessions } from "@/lib/accounts/auth/sessions";
import { deleteUser, updateUserAsAdmin } from "@/lib/accounts/users";
import { setUserActive } from "@/lib/operations/admin/account-status";
import { listUsersForAdmin } from "@/lib/operations/admin/list-users";
import { resetTwoFactorAsAdmin } from "@/lib/operations/admin/reset-two-factor";
import { getAdminUserDetails } from "@/lib/operations/admin/user-details";
import { NO_PASSWORD } from "@/lib/accounts/reauthentication";
import { adminUserUpdateSchema } from "@/lib/accounts/schemas";
import { adminTwoFactorResetSchema, userStatusSchema, userListQuery } from "@/lib/operations/admin/schemas";
import { idPath } from "@/lib/platform/schemas/params";
import { publicUser } from "@/lib/accounts/responses";
import { adminUserDetails, adminUserList } from "@/lib/operations/admin/responses";
import { messageResponse } from "@/lib/platform/schemas/common-responses";
import { endpoint } from "../endpoint";
import { originOf } from "../http/origin";
import { sliceJson } from "../http/slice";

/*
 * Users as an admin manages them: the list, one user's page, a user's names and role, deleting
 * them, deactivating them, signing them out, resetting their two-factor sign-in.
 */

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
    const { users, total } = await listUsersForAdmin(getDb(), c.req.valid("query"));
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
  async (c) => c.json(await updateUserAsAdmin(getDb(), c.var.caller, c.req.valid("param").id, c.req.valid("json"))),
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
    await deleteUser(getDb(), c.var.caller, c.req.valid("param").id);
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
    await endAllSessions(getDb(), c.req.valid("param").id);
    return c.json({ message: "Signed out everywhere." });
  },
);

export const getUserOverview = endpoint(
  {
    method: "GET",
    path: "/users/:id/overview",
    access: "admin",
    tag: "Admin",
    summary: "One user, as the admin's user page shows them",
    description: "The account as the users table shows it, their courses with progress, their latest 20 quiz attempts with the totals, the sessions open now and the admin actions taken on the account.",
    params: idPath,
    // The user the call is about (a no-op check for an admin; the tests call it about the admin themself and someone else).
    owner: { in: "path", name: "id" },
    responses: { 200: { description: "The user's page.", schema: adminUserDetails } },
    errors: { 404: "No such user." },
  },
  async (c) => c.json(await getAdminUserDetails(getDb(), c.req.valid("param").id)),
);

export const setUserStatusEndpoint = endpoint(
  {
    method: "PUT",
    path: "/users/:id/status",
    access: "admin",
    tag: "Admin",
    summary: "Deactivate or reactivate a user",
    description: "`deactivated` refuses the user's sign-ins and ends every session of theirs; `active` lets them sign in again. Written to the admin audit log.",
    params: idPath,
    // The user the call is about (a no-op check for an admin; the tests call it about the admin themself and someone else).
    owner: { in: "path", name: "id" },
    body: { json: userStatusSchema },
    responses: { 200: { description: "The user.", schema: publicUser } },
    errors: { 404: "No such user.", 409: "Your own account, or the last active admin." },
  },
  async (c) => c.json(await setUserActive(getDb(), c.var.caller, c.req.valid("param").id, c.req.valid("json").status === "active")),
);

export const resetUserTwoFactor = endpoint(
  {
    method: "POST",
    path: "/users/:id/two-factor/reset",
    access: "admin",
    tag: "Admin",
    summary: "Reset a user's two-factor sign-in",
    description:
      "For a user who lost their authenticator and their backup codes. The admin confirms with their OWN password (or, for an admin without one, a code from POST /users/me/confirmation-code), checked as log-in checks it. " +
      "Then the user's authenticator and backup codes are removed, every session of theirs ends, the admin audit log gets an entry and the user is e-mailed.",
    params: idPath,
    // The user the call is about (a no-op check for an admin; the tests call it about the admin themself and someone else).
    owner: { in: "path", name: "id" },
    body: { json: adminTwoFactorResetSchema },
    responses: { 200: { description: "Reset.", schema: messageResponse } },
    errors: {
      400: "Incorrect password (yours, the admin's), or a wrong mailed code.",
      404: "No such user.",
      409: "Two-factor sign-in is already off for the user, or the user is you (use My Account).",
      422: `Invalid body; or "Password is required", "${NO_PASSWORD}".`,
      429: "Too many tries: the log-in limits.",
    },
  },
  async (c) => c.json(await resetTwoFactorAsAdmin(getDb(), c.var.caller, c.req.valid("param").id, c.req.valid("json"), originOf(c))),
);
