import { loginForm } from "@/api/routes/log_in";
import {
  adminUserUpdateSchema,
  emailOnlySchema,
  profileSchema,
  registerSendCodeSchema,
  registerUserSchema,
  registerVerifyCodeSchema,
  resetPasswordSchema,
  verifyCodeSchema,
} from "@/lib/validation/accounts";
import { deleteAccountSchema } from "@/lib/validation/account-data";
import { userListQuery } from "@/lib/validation/admin";
import { idPath } from "@/lib/validation/params";
import { accountExport, loginResponse, publicUser, resetTokenResponse, signupTokenResponse, userList, verifyRegistrationResponse } from "@/lib/validation/responses/accounts";
import { messageResponse } from "@/lib/validation/responses/common";
import type { OperationDocs } from "../types";

/* Accounts: sign-in, sign-up, password reset, profiles and the admin's user list (README "Accounts"). */

const TOO_MANY = "Too many attempts (per e-mail and per address), or the server is busy hashing passwords; see Retry-After.";
const WRONG_CODE = "The code is wrong or expired, or the sign-up session expired.";

export const accountDocs: OperationDocs = {
  "POST /log_in": {
    tag: "Accounts",
    summary: "Log in",
    description: "OAuth2 password grant, form-encoded: `username` is the e-mail; `scope`, `client_id` and `client_secret` are accepted and ignored.",
    access: "public",
    body: { form: loginForm },
    responses: { 200: { description: "A bearer token and the user.", schema: loginResponse } },
    errors: { 401: "Wrong e-mail or password.", 403: "The account has been deactivated.", 429: TOO_MANY },
  },
  "POST /log_out": {
    tag: "Accounts",
    summary: "Log out",
    description: "Ends the session of this credential (the bearer token, or the browser session of the cookie) on the server.",
    access: "signed-in",
    responses: { 200: { description: "Signed out.", schema: messageResponse } },
  },
  "POST /log_out/everywhere": {
    tag: "Accounts",
    summary: "Log out everywhere",
    description: "Every cookie and bearer token of the caller stops working.",
    access: "signed-in",
    responses: { 200: { description: "Signed out everywhere.", schema: messageResponse } },
  },
  "POST /register/send-code": {
    tag: "Accounts",
    summary: "Send a sign-up code",
    description: "E-mails a 6-digit code. The same answer for known and unknown e-mails. A resend passes its `signup_token` to keep its request.",
    access: "public",
    body: { json: registerSendCodeSchema },
    responses: { 200: { description: "The code was sent (or the e-mail is taken: the answer is the same).", schema: signupTokenResponse } },
    errors: { 429: TOO_MANY },
  },
  "POST /register/verify-code": {
    tag: "Accounts",
    summary: "Verify a sign-up code",
    description: "Creates the account when the request carried sign-up values; otherwise grants a `registration_token` for `POST /users/`.",
    access: "public",
    body: { json: registerVerifyCodeSchema },
    responses: { 200: { description: "The code is right.", schema: verifyRegistrationResponse } },
    errors: { 400: WRONG_CODE, 409: "The e-mail already has an account.", 429: TOO_MANY },
  },
  "POST /users": {
    tag: "Accounts",
    summary: "Create an account",
    description: "Needs the `registration_token` that verify-code granted (within 15 minutes, once). The path may end with a slash (`POST /users/`, as SPEC.md spells it).",
    access: "public",
    body: { json: registerUserSchema },
    responses: { 201: { description: "The new account.", schema: publicUser } },
    errors: { 403: "No valid registration_token for this e-mail.", 409: "The e-mail already has an account.", 429: TOO_MANY },
  },
  "GET /users": {
    tag: "Admin",
    summary: "List users",
    description: "`search` filters by e-mail (substring); at most 100 at a time.",
    access: "admin",
    query: userListQuery,
    responses: { 200: { description: "One page of users.", schema: userList, totalCount: true } },
  },
  "POST /forgot-password/send-code": {
    tag: "Accounts",
    summary: "Send a password-reset code",
    description: "The same answer for known and unknown e-mails.",
    access: "public",
    body: { json: emailOnlySchema },
    responses: { 200: { description: "The code was sent (if the e-mail has an account).", schema: messageResponse } },
    errors: { 429: TOO_MANY },
  },
  "POST /forgot-password/verify-code": {
    tag: "Accounts",
    summary: "Verify a password-reset code",
    access: "public",
    body: { json: verifyCodeSchema },
    responses: { 200: { description: "The code is right: a one-time reset_token.", schema: resetTokenResponse } },
    errors: { 400: WRONG_CODE, 429: TOO_MANY },
  },
  "POST /forgot-password/reset-password": {
    tag: "Accounts",
    summary: "Set a new password",
    description: "With the reset_token from verify-code; ends every older session and token.",
    access: "public",
    body: { json: resetPasswordSchema },
    responses: { 200: { description: "The password was changed.", schema: messageResponse } },
    errors: { 400: "The reset_token is wrong, used or expired.", 429: TOO_MANY },
  },
  "GET /users/me": {
    tag: "Accounts",
    summary: "Your account",
    access: "signed-in",
    responses: { 200: { description: "The caller's user.", schema: publicUser } },
  },
  "PUT /users/me": {
    tag: "Accounts",
    summary: "Update your names",
    access: "signed-in",
    body: { json: profileSchema },
    responses: { 200: { description: "The updated user.", schema: publicUser } },
  },
  "DELETE /users/me": {
    tag: "Accounts",
    summary: "Delete your account",
    description: "My Account's \"Delete my account\": confirmed with the password (the log-in's attempt limits apply); everything the learner owns goes.",
    access: "signed-in",
    body: { json: deleteAccountSchema },
    responses: { 204: { description: "The account is gone; its sessions end." } },
    errors: { 403: "Incorrect password.", 409: "The last active administrator cannot delete their account.", 429: TOO_MANY },
  },
  "GET /users/me/export": {
    tag: "Accounts",
    summary: "Download your data",
    description: "Everything the app holds about the caller, as a JSON attachment (secrets such as the password hash left out).",
    access: "signed-in",
    responses: { 200: { description: "The caller's data.", schema: accountExport } },
  },
  "POST /users/me/password-reset-code": {
    tag: "Accounts",
    summary: "Send yourself a password-reset code",
    description: "My Account's \"Change Password\": a reset code to the caller's own e-mail.",
    access: "signed-in",
    responses: { 200: { description: "The code was sent.", schema: messageResponse } },
    errors: { 429: TOO_MANY },
  },
  "PUT /users/update/:id": {
    tag: "Accounts",
    summary: "Update a profile's names",
    description: "Your own, or anyone's as an admin; other fields are ignored.",
    access: "signed-in",
    path: idPath,
    body: { json: profileSchema },
    responses: { 200: { description: "The updated user.", schema: publicUser } },
    errors: { 403: "Someone else's profile (learners).", 404: "No such user." },
  },
  "PUT /users/:id": {
    tag: "Admin",
    summary: "Edit a user",
    description: "Names and role; a role change ends the user's sessions.",
    access: "admin",
    path: idPath,
    body: { json: adminUserUpdateSchema },
    responses: { 200: { description: "The updated user.", schema: publicUser } },
    errors: { 404: "No such user.", 409: "The last active admin, or your own admin role." },
  },
  "DELETE /users/:id": {
    tag: "Admin",
    summary: "Delete a user",
    description: "Everything the user owns goes too.",
    access: "admin",
    path: idPath,
    responses: { 204: { description: "Deleted." } },
    errors: { 404: "No such user.", 409: "The last active admin, or your own account." },
  },
};
