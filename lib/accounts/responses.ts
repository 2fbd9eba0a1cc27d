import { z } from "../platform/schemas/zod";
import { errorResponse, id, timestamp } from "../platform/schemas/common-responses";

/* Response shapes of the account calls (see lib/platform/schemas/common-responses.ts). */

export const publicUser = z
  .object({
    id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: z.enum(["user", "admin"]),
    is_active: z.boolean(),
    created_at: timestamp,
  })
  .meta({ id: "User", description: "A user as the API shows it: never the password hash or the token version." });

export type PublicUser = z.output<typeof publicUser>;


export const loginResponse = z
  .object({ access_token: z.string().meta({ description: "Send as `Authorization: Bearer <access_token>`." }), token_type: z.literal("bearer"), user: publicUser })
  .meta({ id: "LoginResponse" });

export type LoginResponse = z.output<typeof loginResponse>;

export const signupTokenResponse = z
  .object({ message: z.string(), signup_token: z.string().meta({ description: "Names this sign-up request: pass it to verify-code (and to a resend)." }) })
  .meta({ id: "SignupTokenResponse" });

export const verifyRegistrationResponse = z
  .discriminatedUnion("registered", [
    z.object({ message: z.string(), registered: z.literal(true), user: publicUser }),
    z.object({
      message: z.string(),
      registered: z.literal(false),
      registration_token: z.string().meta({ description: "Needed by POST /users/ within 15 minutes, once." }),
    }),
  ])
  .meta({ id: "VerifyRegistrationResponse", description: "The account, when the request carried sign-up values; else a registration_token." });

export type VerifyRegistrationResult = z.output<typeof verifyRegistrationResponse>;

export const resetTokenResponse = z
  .object({ message: z.string(), reset_token: z.string().meta({ description: "Needed by reset-password, once." }) })
  .meta({ id: "ResetTokenResponse" });

const exportedRows = z.array(z.record(z.string(), z.unknown())).meta({ description: "Rows as the database holds them." });

/** GET /users/me/export ("Download my data"): everything the app holds about the caller. */
export const accountExport = z
  .object({
    exported_at: timestamp,
    account: publicUser,
    selected_topics: exportedRows,
    enrollments: exportedRows,
    quiz_attempts: exportedRows,
    quiz_answers: exportedRows,
    learning_activity: exportedRows,
    certificates: exportedRows,
    requested_courses: exportedRows,
    course_requests: exportedRows.meta({ description: "The caller's requests for courses of their own: subject as typed, level, length, and the course each produced." }),
    review_cards: exportedRows,
    concept_mastery: exportedRows,
    tutor_conversations: exportedRows,
    sources: exportedRows.meta({ description: "The caller's own sources: what each file is, and its extracted text as passages (not the file itself)." }),
    daily_goal_and_reminders: z.record(z.string(), z.unknown()).nullable().meta({ description: "The daily goal and e-mail reminder settings; null until first saved." }),
    lesson_reads: exportedRows,
    reports: exportedRows.meta({ description: "The caller's reports on lessons and quiz items, with how each was handled." }),
    notifications: exportedRows.meta({ description: "The caller's notifications: each one's kind, what it was about (payload), and when it was read." }),
  })
  .meta({ id: "AccountExport" });

export type AccountExport = z.output<typeof accountExport>;

/** POST /log_in's 401: a wrong password, or (with `two_factor_required`) a missing second factor. */
export const loginRefusal = errorResponse
  .extend({ two_factor_required: z.literal(true).optional().meta({ description: "Present when the password was right but the account needs its authenticator code (`otp`)." }) })
  .meta({ id: "LoginRefusal" });

export const twoFactorRecoveryStarted = z
  .object({
    message: z.string(),
    ends_at: timestamp.meta({ description: "When two-factor sign-in is removed, unless the recovery is cancelled before." }),
  })
  .meta({ id: "TwoFactorRecoveryStarted" });

export const twoFactorSetup = z
  .object({
    otpauth_uri: z.string().meta({ description: "The `otpauth://totp/...` URI to show as a QR code." }),
    backup_codes: z.array(z.string()).meta({ description: "Single-use codes, shown once." }),
  })
  .meta({ id: "TwoFactorSetup" });

export type TwoFactorSetup = z.output<typeof twoFactorSetup>;

export const activeSession = z
  .object({
    id,
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    created_at: timestamp,
    last_seen_at: timestamp,
    expires_at: timestamp,
    current: z.boolean().meta({ description: "The session this request came with." }),
  })
  .meta({ id: "ActiveSession" });

export const sessionList = z.object({ sessions: z.array(activeSession) }).meta({ id: "SessionList" });
