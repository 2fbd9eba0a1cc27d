import { getDb } from "@/db/client";
import { answerTwoFactorNotice } from "@/lib/accounts/two-factor-notices";
import { cancelRecoveryByLink } from "@/lib/accounts/two-factor-recovery";
import { sendRecoveryCode, verifyRecoveryCode } from "@/lib/accounts/two-factor-recovery-codes";
import { twoFactorNoticeSchema, twoFactorRecoveryCancelSchema, twoFactorRecoverySendSchema, verifyCodeSchema } from "@/lib/accounts/schemas";
import { twoFactorRecoveryStarted } from "@/lib/accounts/responses";
import { messageResponse } from "@/lib/platform/schemas/common-responses";
import { endpoint } from "../endpoint";
import { originOf } from "../http/origin";

/*
 * The way back for the owner of an account whose second factor they did not set or lost
 * (docs/product-rules.md, "Two-factor sign-in"): the notice e-mails' link, and a recovery through
 * the mailbox with a waiting period. No session: the owner may be locked out.
 */

const TOO_MANY = "Too many attempts (per e-mail and per address); see Retry-After.";
const LINK_EXPIRED = "The link's token is wrong, used or expired.";

export const answerTwoFactorNoticeEndpoint = endpoint(
  {
    method: "POST",
    path: "/two-factor/notice",
    access: "public",
    tag: "Accounts",
    summary: "Answer a two-factor notice",
    description:
      'The link in the e-mail sent when two-factor sign-in was turned on or off (valid 7 days, once). `answer: "it-was-not-me"` ends every session of the account and, for a turning-on that still stands, turns two-factor sign-in off again; `"it-was-me"` closes the link.',
    body: { json: twoFactorNoticeSchema },
    responses: { 200: { description: "What was done; after a report, reset the password.", schema: messageResponse } },
    errors: { 400: LINK_EXPIRED, 429: TOO_MANY },
  },
  async (c) => {
    const { token, answer } = c.req.valid("json");
    return c.json(await answerTwoFactorNotice(getDb(), token, answer === "it-was-me", originOf(c)));
  },
);

export const sendTwoFactorRecoveryCodeEndpoint = endpoint(
  {
    method: "POST",
    path: "/two-factor/recovery/send-code",
    access: "public",
    tag: "Accounts",
    summary: "Lost authenticator: send a recovery code",
    description: "From the log-in's second step, with the e-mail and password (checked with the log-in's limits): a code to the mailbox that starts a recovery. Backup codes are quicker.",
    body: { json: twoFactorRecoverySendSchema },
    responses: { 200: { description: "The code was sent.", schema: messageResponse } },
    errors: { 400: "Two-factor sign-in is not on.", 401: "Wrong e-mail or password.", 403: "The account has been deactivated.", 429: TOO_MANY },
  },
  async (c) => {
    const { email, password } = c.req.valid("json");
    return c.json(await sendRecoveryCode(getDb(), email, password, c.var.clientAddress));
  },
);

export const verifyTwoFactorRecoveryCodeEndpoint = endpoint(
  {
    method: "POST",
    path: "/two-factor/recovery/verify-code",
    access: "public",
    tag: "Accounts",
    summary: "Lost authenticator: start the recovery",
    description:
      "The mailed code starts the waiting period (`TWO_FACTOR_RECOVERY_DAYS`) with an e-mail at the start and every day; at its end two-factor sign-in is removed, unless a sign-in with the second factor or the e-mails' cancel link stopped it.",
    body: { json: verifyCodeSchema },
    responses: { 200: { description: "The recovery is waiting (a second call answers the same one).", schema: twoFactorRecoveryStarted } },
    errors: { 400: "The code is wrong or expired, or two-factor sign-in is not on.", 429: TOO_MANY },
  },
  async (c) => {
    const { email, code } = c.req.valid("json");
    return c.json(await verifyRecoveryCode(getDb(), email, code, originOf(c)));
  },
);

export const cancelTwoFactorRecoveryEndpoint = endpoint(
  {
    method: "POST",
    path: "/two-factor/recovery/cancel",
    access: "public",
    tag: "Accounts",
    summary: "Cancel a lost authenticator's recovery",
    description: "The cancel link of the recovery e-mails: two-factor sign-in stays on.",
    body: { json: twoFactorRecoveryCancelSchema },
    responses: { 200: { description: "Cancelled.", schema: messageResponse } },
    errors: { 400: LINK_EXPIRED, 429: TOO_MANY },
  },
  async (c) => c.json(await cancelRecoveryByLink(getDb(), c.req.valid("json").token, originOf(c))),
);
