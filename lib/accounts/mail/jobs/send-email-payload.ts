import { z } from "zod";
import { ACCOUNT_EMAIL_KINDS } from "../../../../emails/account-emails";

/* The send-email job's payload, apart from its definition: lib/accounts/mail/queued-email.ts builds and reads it, and the definition runs that file. */

/** What a notice about the second factor tells: when, from which address and browser. */
const changeSeen = z.object({ at: z.iso.datetime(), address: z.string().max(100), device: z.string().max(200) });

/**
 * One account e-mail, reminder or course-ready e-mail; a code or a link's token travels sealed (the job table never holds it in
 * clear), a code with its expiry; a notice about the second factor with what it reports.
 */
export const sendEmailPayload = z.object({
  kind: z.enum(ACCOUNT_EMAIL_KINDS),
  to: z.string().min(3).max(254),
  sealedCode: z.string().optional(),
  ttlMinutes: z.number().int().positive().optional(),
  expiresAt: z.iso.datetime().optional(),
  sealedToken: z.string().optional(),
  change: changeSeen.optional(),
  cause: z.enum(["settings", "report", "recovery", "admin", "sign-in", "link"]).optional(),
  endsAt: z.iso.datetime().optional(),
  reminder: z.boolean().optional(),
  reportDays: z.number().int().positive().optional(),
  // A reminder: whose (its unsubscribe token is made again when it is sent) and what it tells.
  userId: z.number().int().positive().optional(),
  dueCount: z.number().int().min(0).optional(),
  streakAtRisk: z.boolean().optional(),
  // A course ready: which (its title as it was when it became ready).
  courseId: z.number().int().positive().optional(),
  courseTitle: z.string().max(500).optional(),
});

export type SendEmailPayload = z.infer<typeof sendEmailPayload>;
