import { renderEmail, type EmailContent } from "./layout";
import { COURSE_READY_EMAIL_KINDS, courseReadyEmail, type CourseReadyEmail } from "./course-ready-emails";
import { reminderEmail, REMINDER_EMAIL_KINDS, type ReminderEmail } from "./reminder-emails";
import { renderTwoFactorEmail, TWO_FACTOR_EMAIL_KINDS, twoFactorRecoveryCodeEmail, type TwoFactorEmail } from "./two-factor-emails";

/* The account e-mails (those about the second factor: ./two-factor-emails.ts; the daily reminder: ./reminder-emails.ts; a course ready: ./course-ready-emails.ts). Codes expire after CODE_TTL_MINUTES and work once. */

/** One account e-mail to send: what the request decides; the mail job renders and sends it. */
export type AccountEmail =
  | { kind: "verification-code"; to: string; code: string; ttlMinutes: number }
  | { kind: "password-reset-code"; to: string; code: string; ttlMinutes: number }
  | { kind: "two-factor-recovery-code"; to: string; code: string; ttlMinutes: number }
  | { kind: "confirmation-code"; to: string; code: string; ttlMinutes: number }
  | { kind: "account-exists"; to: string }
  | { kind: "no-account"; to: string }
  | TwoFactorEmail
  | ReminderEmail
  | CourseReadyEmail;

export const ACCOUNT_EMAIL_KINDS = ["verification-code", "password-reset-code", "two-factor-recovery-code", "confirmation-code", "account-exists", "no-account", ...TWO_FACTOR_EMAIL_KINDS, ...REMINDER_EMAIL_KINDS, ...COURSE_READY_EMAIL_KINDS] as const;

export function renderAccountEmail(email: AccountEmail, appUrl: string): EmailContent {
  switch (email.kind) {
    case "verification-code":
      return verificationCodeEmail(email.code, email.ttlMinutes);
    case "password-reset-code":
      return passwordResetCodeEmail(email.code, email.ttlMinutes);
    case "two-factor-recovery-code":
      return twoFactorRecoveryCodeEmail(email.code, email.ttlMinutes);
    case "confirmation-code":
      return confirmationCodeEmail(email.code, email.ttlMinutes);
    case "account-exists":
      return accountExistsEmail(`${appUrl}/login`);
    case "no-account":
      return noAccountEmail(`${appUrl}/signup`);
    case "reminder":
      return reminderEmail(email, appUrl);
    case "course-ready":
      return courseReadyEmail(email, appUrl);
    default:
      return renderTwoFactorEmail(email, appUrl);
  }
}

export function verificationCodeEmail(code: string, ttlMinutes: number): EmailContent {
  return {
    subject: `${code} is your LearnPath verification code`,
    ...renderEmail({
      preheader: `Your verification code is ${code}`,
      heading: "Verify your email",
      body: ["Welcome to LearnPath! Enter this code on the verification page to finish creating your account."],
      code,
      footer: `The code expires in ${ttlMinutes} minutes and works once. If you did not sign up, you can ignore this e-mail.`,
    }),
  };
}

export function accountExistsEmail(loginUrl: string): EmailContent {
  return {
    subject: "You already have a LearnPath account",
    ...renderEmail({
      preheader: "Someone tried to sign up with this e-mail address",
      heading: "You already have an account",
      body: [
        "Someone (hopefully you) tried to create a LearnPath account with this e-mail address, but an account already exists.",
        `Log in at ${loginUrl}, or use "Forgot password?" there if you do not remember your password.`,
      ],
      footer: "If this was not you, no action is needed: nothing has changed.",
    }),
  };
}

export function passwordResetCodeEmail(code: string, ttlMinutes: number): EmailContent {
  return {
    subject: `${code} is your LearnPath password reset code`,
    ...renderEmail({
      preheader: `Your password reset code is ${code}`,
      heading: "Reset your password",
      body: ["We received a request to reset your LearnPath password. Enter this code to choose a new one."],
      code,
      footer: `The code expires in ${ttlMinutes} minutes and works once. If you did not ask for this, ignore this e-mail: your password stays the same.`,
    }),
  };
}

export function confirmationCodeEmail(code: string, ttlMinutes: number): EmailContent {
  return {
    subject: `${code} is your LearnPath confirmation code`,
    ...renderEmail({
      preheader: `Your confirmation code is ${code}`,
      heading: "Confirm it is you",
      body: [
        "Someone signed in to your LearnPath account asked to turn two-factor authentication on or off, or to delete the account. Enter this code in My Account to confirm it was you.",
      ],
      code,
      footer: `The code expires in ${ttlMinutes} minutes and works once. If you did not ask for this, do not share the code with anyone, and sign out everywhere from My Account.`,
    }),
  };
}

export function noAccountEmail(signupUrl: string): EmailContent {
  return {
    subject: "LearnPath password reset request",
    ...renderEmail({
      preheader: "A password reset was requested for this address",
      heading: "No account for this address",
      body: [
        "Someone asked to reset the LearnPath password for this e-mail address, but no account uses it.",
        `If you meant to join, you can sign up at ${signupUrl}.`,
      ],
      footer: "If this was not you, no action is needed.",
    }),
  };
}
