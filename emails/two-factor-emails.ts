import { renderEmail, type EmailContent } from "./layout";

/*
 * The e-mails about an account's second factor (docs/product-rules.md, "Two-factor sign-in"):
 * turned on, turned off, and a lost authenticator's recovery (started or still waiting, cancelled).
 * Each says when and from where, and carries the one link that undoes it: "this was not me" for a
 * change, "cancel" for a recovery. The tokens ride in the link's #fragment, which the browser
 * never sends to a server, so they stay out of access logs and Referer headers; the page posts them.
 */

/** What changed the account, for the e-mail: when (ISO 8601), from which address and browser. */
export type ChangeSeen = { at: string; address: string; device: string };

export type TwoFactorOffCause = "settings" | "report" | "recovery" | "admin";
export type RecoveryCancelCause = "sign-in" | "link";

export type TwoFactorEmail =
  | { kind: "two-factor-on"; to: string; change: ChangeSeen; token: string; reportDays: number }
  | { kind: "two-factor-off"; to: string; change: ChangeSeen; cause: TwoFactorOffCause; token?: string }
  | { kind: "two-factor-recovery-pending"; to: string; change: ChangeSeen; endsAt: string; token: string; reminder: boolean }
  | { kind: "two-factor-recovery-cancelled"; to: string; change: ChangeSeen; cause: RecoveryCancelCause };

export const TWO_FACTOR_EMAIL_KINDS = ["two-factor-on", "two-factor-off", "two-factor-recovery-pending", "two-factor-recovery-cancelled"] as const;

/** "Tue, 14 Jan 2025 13:05:00 GMT": the same for every reader, whatever their time zone. */
const when = (iso: string) => new Date(iso).toUTCString();

function seen(change: ChangeSeen): string {
  const device = change.device ? `, browser "${change.device}"` : "";
  return `on ${when(change.at)} from address ${change.address}${device}`;
}

export const noticeLink = (appUrl: string, token: string) => `${appUrl}/two-factor-notice#token=${token}`;
export const recoveryCancelLink = (appUrl: string, token: string) => `${appUrl}/two-factor-recovery#cancel=${token}`;

export function renderTwoFactorEmail(email: TwoFactorEmail, appUrl: string): EmailContent {
  const resetPassword = `${appUrl}/forgot-password`;
  switch (email.kind) {
    case "two-factor-on":
      return {
        subject: "Two-factor sign-in was turned on for your LearnPath account",
        ...renderEmail({
          preheader: "Your account now asks for a code from an authenticator app",
          heading: "Two-factor sign-in is on",
          body: [
            `Two-factor sign-in was turned on for your account ${seen(email.change)}. Signing in now takes a code from the authenticator app that was set up.`,
            `Was this you? Tell us here: ${noticeLink(appUrl, email.token)}`,
            `If it was NOT you, choose "This was not me" there within ${email.reportDays} days: every session of your account ends and two-factor sign-in is turned off again. Then reset your password at ${resetPassword}: whoever did this knows it.`,
            `If it was you, choose "This was me": the link then stops working, so nobody who reads this e-mail can undo your set-up.`,
          ],
          footer: "You get this e-mail whenever two-factor sign-in is turned on or off.",
        }),
      };
    case "two-factor-off": {
      const how = {
        settings: "in My Account, with the password and a code",
        report: "after you reported that turning it on was not you",
        recovery: "at the end of the waiting period of a lost authenticator's recovery",
        admin: "by an administrator, who confirmed it with their own password; every session of your account was ended",
      }[email.cause];
      const report = email.cause === "admin"
        ? [`Sign in again with your password, then turn two-factor sign-in on again from My Account. If you did not ask for this, reset your password at ${resetPassword} and tell your administrator.`]
        : email.token
        ? [`If this was NOT you, open ${noticeLink(appUrl, email.token)} and choose "This was not me": every session of your account ends. Then reset your password at ${resetPassword}.`]
        : [`Reset your password now at ${resetPassword} if you have not yet, then turn two-factor sign-in on again from My Account if you want it.`];
      return {
        subject: "Two-factor sign-in was turned off for your LearnPath account",
        ...renderEmail({
          preheader: "Your account no longer asks for a code from an authenticator app",
          heading: "Two-factor sign-in is off",
          body: [`Two-factor sign-in was turned off for your account ${seen(email.change)}, ${how}. Your password alone now signs in.`, ...report],
          footer: "You get this e-mail whenever two-factor sign-in is turned on or off.",
        }),
      };
    }
    case "two-factor-recovery-pending":
      return {
        subject: email.reminder ? "Reminder: two-factor sign-in will be removed from your LearnPath account" : "Two-factor sign-in will be removed from your LearnPath account",
        ...renderEmail({
          preheader: `Unless it is cancelled, two-factor sign-in goes on ${when(email.endsAt)}`,
          heading: email.reminder ? "A recovery is still waiting" : "Recovery of a lost authenticator started",
          body: [
            `Someone who knows your password and can read this mailbox said the authenticator app of your account was lost, ${seen(email.change)}.`,
            `Unless it is cancelled, two-factor sign-in will be removed from your account on ${when(email.endsAt)}. Until then, nothing changes.`,
            `If this was NOT you, cancel it now: ${recoveryCancelLink(appUrl, email.token)}. Signing in with your authenticator app or a backup code cancels it too. Then reset your password at ${resetPassword}.`,
          ],
          footer: email.reminder ? "You get a reminder every day until the waiting period ends." : "You will get a reminder every day until the waiting period ends.",
        }),
      };
    case "two-factor-recovery-cancelled":
      return {
        subject: "The recovery of your LearnPath authenticator was cancelled",
        ...renderEmail({
          preheader: "Two-factor sign-in stays on",
          heading: "Recovery cancelled",
          body: [
            email.cause === "sign-in"
              ? `Someone signed in with the authenticator app or a backup code ${seen(email.change)}, which cancels the waiting recovery: two-factor sign-in stays on.`
              : `The waiting recovery of your authenticator was cancelled with the link in our e-mail ${seen(email.change)}: two-factor sign-in stays on.`,
            `If you did not start the recovery, reset your password at ${resetPassword}: whoever did knows it.`,
          ],
          footer: "You get this e-mail whenever a recovery of your authenticator starts or ends.",
        }),
      };
  }
}

export function twoFactorRecoveryCodeEmail(code: string, ttlMinutes: number): EmailContent {
  return {
    subject: `${code} is your LearnPath recovery code`,
    ...renderEmail({
      preheader: `Your recovery code is ${code}`,
      heading: "Lost your authenticator?",
      body: [
        "Someone who knows your password asked to remove two-factor sign-in from your account because the authenticator app was lost. If you still have a backup code, sign in with it instead: that is quicker.",
        "Enter this code to start the recovery. Two-factor sign-in is removed only after a waiting period, and we e-mail you every day until then so you can cancel it.",
      ],
      code,
      footer: `The code expires in ${ttlMinutes} minutes and works once. If you did not ask for this, reset your password: whoever asked knows it.`,
    }),
  };
}
