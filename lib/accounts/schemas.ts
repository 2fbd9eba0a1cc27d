import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../platform/schemas/password-length";
import { z } from "../platform/schemas/zod";

/*
 * Account schemas shared by the forms (react-hook-form + zodResolver) and the route handlers,
 * so a bad value gets the same message on both sides. The messages are the product's wording, which tests assert.
 */

/** The password rule, defined once: these schemas (forms and API) and the argon2 path (lib/accounts/auth/password.ts). */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_REQUIRED = "Password is required";
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX, "Email is too long")
  .pipe(z.email({ error: "Invalid email" }))
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

export const firstNameField = nameField("First Name");
export const lastNameField = nameField("Last Name");

export const codeField = z
  .string({ error: "Please enter a valid 6-digit code." })
  .trim()
  .regex(/^\d{6}$/, "Please enter a valid 6-digit code.");

export const loginSchema = z.object({ email: emailField, password: passwordField });

export const signUpFormSchema = z
  .object({
    first_name: firstNameField,
    last_name: lastNameField,
    email: emailField,
    password: passwordField,
    confirm_password: z.string().min(1, "Confirm Password is required"),
  })
  .refine((v) => v.password === v.confirm_password, { path: ["confirm_password"], message: "Passwords must match" });

/** A one-time token the server handed out (sign-up, registration, reset); checked against its hash server-side. */
const issuedToken = (expired: string) => z.string({ error: expired }).min(16, expired).max(200, expired);

const SIGN_UP_EXPIRED = "Your sign-up session has expired. Please sign up again.";

/**
 * POST /register/send-code: the e-mail, plus the sign-up values (kept server-side, sealed with
 * the token the answer carries); a resend passes that signup_token to keep its request.
 */
export const registerSendCodeSchema = z.object({
  email: emailField,
  first_name: firstNameField.optional(),
  last_name: lastNameField.optional(),
  password: passwordField.optional(),
  signup_token: issuedToken(SIGN_UP_EXPIRED).optional(),
});

export const verifyCodeSchema = z.object({ email: emailField, code: codeField });

/** POST /register/verify-code: the code, and the signup_token of the request it completes. */
export const registerVerifyCodeSchema = verifyCodeSchema.extend({ signup_token: issuedToken(SIGN_UP_EXPIRED).optional() });

/** POST /users/: create the account of the sign-up whose code verify-code accepted (its registration_token). */
export const registerUserSchema = z.object({
  first_name: firstNameField,
  last_name: lastNameField,
  email: emailField,
  password: passwordField,
  registration_token: issuedToken("Please verify your email with the code we sent before creating an account.").optional(),
});

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  email: emailField,
  password: passwordField,
  reset_token: issuedToken("The reset link has expired. Please request a new code."),
});

export const resetPasswordFormSchema = z
  .object({
    password: z.string().min(1, "Password is required").pipe(passwordField),
    confirm_password: z.string().min(1, "Confirm Password is required"),
  })
  .refine((v) => v.password === v.confirm_password, { path: ["confirm_password"], message: "Passwords do not match!" });

export const profileSchema = z.object({ first_name: firstNameField, last_name: lastNameField });

export const adminUserUpdateSchema = z.object({
  first_name: firstNameField,
  last_name: lastNameField,
  role: z.enum(["user", "admin"], { error: "Role must be user or admin" }),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;

/** A code from the authenticator app (6 digits) or a backup code (xxxxx-xxxxx). */
export const twoFactorCodeField = z
  .string({ error: "Enter the code from your authenticator app." })
  .trim()
  .min(1, "Enter the code from your authenticator app.")
  .max(20, "Enter the code from your authenticator app.");

/**
 * POST /log_in: an OAuth2 password-grant form. `username` is the e-mail; scope, client_id and
 * client_secret are ignored. `otp` is the authenticator app's current code (or a backup code) once
 * two-factor sign-in is on.
 */
export const logInFormSchema = z.object({
  grant_type: z.literal("password", { error: "grant_type must be password" }).optional(),
  username: emailField,
  password: passwordField,
  otp: twoFactorCodeField.optional(),
});

/** The browser sign-in: the login form's values, and the code once the account asks for one. */
export const browserSignInSchema = z.object({ email: emailField, password: passwordField, otp: twoFactorCodeField.optional() });

/**
 * Confirming it is the account holder (lib/accounts/reauthentication.ts): the password, or for an
 * account without one the code POST /users/me/confirmation-code mailed (`email_code`).
 */
export const confirmationFields = { password: passwordField.optional(), email_code: codeField.optional() };

export const twoFactorStartSchema = z.object(confirmationFields);
export const twoFactorConfirmSchema = z.object({ code: codeField });
export const twoFactorDisableSchema = z.object({ ...confirmationFields, code: twoFactorCodeField });

const LINK_EXPIRED = "This link has expired or was already used.";

/** POST /two-factor/notice: the token of a notice's link, and the owner's answer. */
export const twoFactorNoticeSchema = z.object({
  token: issuedToken(LINK_EXPIRED),
  answer: z.enum(["it-was-me", "it-was-not-me"], { error: "answer must be it-was-me or it-was-not-me" }),
});

/** POST /two-factor/recovery/send-code: "I lost my authenticator", from the log-in's second step (which holds both). */
export const twoFactorRecoverySendSchema = z.object({ email: emailField, password: passwordField });

/** POST /two-factor/recovery/cancel: the token of the recovery e-mails' "cancel" link. */
export const twoFactorRecoveryCancelSchema = z.object({ token: issuedToken(LINK_EXPIRED) });

/** The learner's optional e-mails, each unsubscribed on its own. */
export const MAIL_LISTS = ["reminders", "course-ready"] as const;

export type MailList = (typeof MAIL_LISTS)[number];

/** POST /reminders/unsubscribe: the token of the e-mail's link (the user id and an HMAC of it) and its list. */
export const unsubscribeQuery = z.object({
  token: z.string({ error: "The unsubscribe link is incomplete." }).min(1, "The unsubscribe link is incomplete.").max(200, "This unsubscribe link is not valid."),
  list: z
    .enum(MAIL_LISTS, { error: "This unsubscribe link is not valid." })
    .optional()
    .meta({ description: "Which e-mails: `reminders` (absent: these) or `course-ready`; the token is valid for its own list only." }),
});
