import { getDb } from "@/db/client";
import { deleteOwnAccount } from "@/lib/operations/account-data/delete";
import { exportAccountData } from "@/lib/operations/account-data/export";
import { sendPasswordResetCode } from "@/lib/accounts/password-reset";
import { HAS_PASSWORD, NO_PASSWORD, sendConfirmationCode } from "@/lib/accounts/reauthentication";
import { confirmTwoFactorSetup, startTwoFactorSetup, turnTwoFactorOff } from "@/lib/accounts/two-factor-settings";
import { getUser, updateProfile } from "@/lib/accounts/users";
import { endSession, listSessions } from "@/lib/accounts/auth/sessions";
import { TWO_FACTOR_REQUIRED } from "@/lib/accounts/auth/two-factor";
import { AppError } from "@/lib/platform/http/app-error";
import { deleteAccountSchema } from "@/lib/operations/account-data/schemas";
import { profileSchema, twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorStartSchema } from "@/lib/accounts/schemas";
import { idPath } from "@/lib/platform/schemas/params";
import { accountExport, publicUser, sessionList, twoFactorSetup } from "@/lib/accounts/responses";
import { messageResponse } from "@/lib/platform/schemas/common-responses";
import { endpoint } from "../endpoint";
import { originOf } from "../http/origin";

/*
 * A user's own account: names, devices, two-factor sign-in, their data and deleting it. An admin
 * who must still set up two-factor sign-in reaches only what that takes (beforeTwoFactor): their
 * account, their sessions and the two-factor calls.
 */

const TOO_MANY = "Too many attempts (per e-mail and per address), or the server is busy hashing passwords; see Retry-After.";
const CONFIRM_WITH = "the password (an account without one: `email_code`, a code from POST /users/me/confirmation-code; an account with one cannot use a code instead)";

export const getOwnAccount = endpoint(
  {
    method: "GET",
    path: "/users/me",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Your account",
    responses: { 200: { description: "The caller's user.", schema: publicUser } },
  },
  async (c) => c.json(await getUser(getDb(), c.var.caller.id)),
);

export const updateOwnNames = endpoint(
  {
    method: "PUT",
    path: "/users/me",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Update your names",
    body: { json: profileSchema },
    responses: { 200: { description: "The updated user.", schema: publicUser } },
  },
  async (c) => c.json(await updateProfile(getDb(), c.var.caller.id, c.req.valid("json"))),
);

export const deleteOwnAccountEndpoint = endpoint(
  {
    method: "DELETE",
    path: "/users/me",
    access: "signed-in",
    tag: "Accounts",
    summary: "Delete your account",
    description: `My Account's "Delete my account": confirmed with ${CONFIRM_WITH} (the log-in's attempt limits apply), and with two-factor on, \`code\` from the authenticator app (or a backup code); everything the learner owns goes.`,
    body: { json: deleteAccountSchema },
    responses: { 204: { description: "The account is gone; its sessions end." } },
    errors: {
      403: "Incorrect password, or a wrong mailed or two-factor code.",
      409: "The last active administrator cannot delete their account.",
      422: `Invalid body; or "Password is required", "${NO_PASSWORD}", "${TWO_FACTOR_REQUIRED}".`,
      429: `${TOO_MANY} Or too many wrong codes: locked for a while.`,
    },
  },
  async (c) => {
    await deleteOwnAccount(getDb(), c.var.caller, c.req.valid("json"), c.var.clientAddress);
    return c.body(null, 204);
  },
);

export const exportOwnData = endpoint(
  {
    method: "GET",
    path: "/users/me/export",
    access: "signed-in",
    tag: "Accounts",
    summary: "Download your data",
    description: "Everything the app holds about the caller, as a JSON attachment (secrets such as the password hash left out).",
    responses: { 200: { description: "The caller's data.", schema: accountExport } },
  },
  async (c) => {
    const { id } = c.var.caller;
    return c.json(await exportAccountData(getDb(), id), 200, { "content-disposition": `attachment; filename="learnpath-data-${id}.json"` });
  },
);

export const sendOwnPasswordResetCode = endpoint(
  {
    method: "POST",
    path: "/users/me/password-reset-code",
    access: "signed-in",
    tag: "Accounts",
    summary: "Send yourself a password-reset code",
    description: "My Account's \"Change Password\": a reset code to the caller's own e-mail.",
    responses: { 200: { description: "The code was sent.", schema: messageResponse } },
    errors: { 429: TOO_MANY },
  },
  async (c) => {
    await sendPasswordResetCode(getDb(), c.var.caller.email, c.var.clientAddress);
    return c.json({ message: "Reset code sent successfully." });
  },
);

export const sendOwnConfirmationCode = endpoint(
  {
    method: "POST",
    path: "/users/me/confirmation-code",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Send yourself a confirmation code",
    description: "For an account without a password (organisation sign-in only): a 6-digit code to the caller's own e-mail, which the calls that ask for the password take as `email_code` instead.",
    responses: { 200: { description: "The code was sent.", schema: messageResponse } },
    errors: { 409: HAS_PASSWORD, 429: TOO_MANY },
  },
  async (c) => c.json(await sendConfirmationCode(getDb(), c.var.caller, c.var.clientAddress)),
);

export const listOwnSessions = endpoint(
  {
    method: "GET",
    path: "/users/me/sessions",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Your signed-in devices",
    description: "The caller's active sessions (device, address, last seen), the current one marked.",
    responses: { 200: { description: "Active sessions, most recently seen first.", schema: sessionList } },
  },
  async (c) => {
    const { caller } = c.var;
    const sessions = await listSessions(getDb(), caller.id);
    return c.json({ sessions: sessions.map((s) => ({ ...s, current: s.id === caller.session.sessionId })) });
  },
);

export const endOwnSession = endpoint(
  {
    method: "DELETE",
    path: "/users/me/sessions/:id",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Sign one of your sessions out",
    params: idPath,
    responses: { 200: { description: "Signed out.", schema: messageResponse } },
    errors: { 404: "No such session among the caller's." },
  },
  async (c) => {
    if (!(await endSession(getDb(), c.var.caller.id, c.req.valid("param").id))) throw new AppError("not_found", "Session not found.");
    return c.json({ message: "Signed out." });
  },
);

export const beginTwoFactorEndpoint = endpoint(
  {
    method: "POST",
    path: "/users/me/two-factor",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Begin two-factor sign-in",
    description: `With ${CONFIRM_WITH}: a new authenticator secret (as an otpauth URI) and backup codes; sign-in needs a code only once confirmed.`,
    body: { json: twoFactorStartSchema },
    responses: { 200: { description: "The secret and the backup codes (shown once).", schema: twoFactorSetup } },
    errors: {
      400: "Incorrect password, or a wrong mailed code.",
      409: "Two-factor authentication is already on.",
      422: `Invalid body; or "Password is required", "${NO_PASSWORD}".`,
      429: TOO_MANY,
    },
  },
  async (c) => c.json(await startTwoFactorSetup(getDb(), c.var.caller, c.req.valid("json"), originOf(c))),
);

export const confirmTwoFactorEndpoint = endpoint(
  {
    method: "POST",
    path: "/users/me/two-factor/confirm",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Confirm two-factor sign-in",
    description: "A current code from the authenticator app turns two-factor sign-in on (the log-in's attempt limits apply).",
    body: { json: twoFactorConfirmSchema },
    responses: { 200: { description: "Two-factor sign-in is on.", schema: messageResponse } },
    errors: { 400: "A wrong code, or no two-factor set-up begun.", 429: `Too many wrong codes: locked for a while. ${TOO_MANY}` },
  },
  async (c) => {
    await confirmTwoFactorSetup(getDb(), c.var.caller, c.req.valid("json").code, originOf(c));
    return c.json({ message: "Two-factor authentication is on." });
  },
);

export const disableTwoFactorEndpoint = endpoint(
  {
    method: "DELETE",
    path: "/users/me/two-factor",
    access: "signed-in",
    beforeTwoFactor: true,
    tag: "Accounts",
    summary: "Turn two-factor sign-in off",
    description: `With ${CONFIRM_WITH}, and \`code\` from the authenticator app (or a backup code); the log-in's attempt limits apply to both.`,
    body: { json: twoFactorDisableSchema },
    responses: { 200: { description: "Two-factor sign-in is off.", schema: messageResponse } },
    errors: {
      400: "Incorrect password, a wrong mailed code, two-factor sign-in is not on, or the code is wrong.",
      422: `Invalid body; or "Password is required", "${NO_PASSWORD}".`,
      429: TOO_MANY,
    },
  },
  async (c) => {
    await turnTwoFactorOff(getDb(), c.var.caller, c.req.valid("json"), originOf(c));
    return c.json({ message: "Two-factor authentication is off." });
  },
);

// The path id is a user's: a learner's own, or anyone's for an admin (the owner check).
export const updateProfileById = endpoint(
  {
    method: "PUT",
    path: "/users/update/:id",
    access: "signed-in",
    tag: "Accounts",
    summary: "Update a profile's names",
    description: "Your own, or anyone's as an admin; other fields are ignored.",
    params: idPath,
    body: { json: profileSchema },
    owner: { in: "path", name: "id" },
    responses: { 200: { description: "The updated user.", schema: publicUser } },
    errors: { 403: "Someone else's profile (learners).", 404: "No such user." },
  },
  async (c) => c.json(await updateProfile(getDb(), c.req.valid("param").id, c.req.valid("json"))),
);
