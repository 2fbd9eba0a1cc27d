/*
 * The public face of lib/accounts/ (who the caller is and their account, the account e-mail queue,
 * the inbox other areas publish notifications into): what the areas above it (catalogue, practice,
 * tutor, authoring and operations) may import from it, and nothing more (docs/architecture.md,
 * "The areas of lib/"). Inside the area files import each other directly; api/, app/, worker/ and
 * scripts/ may import any file.
 */

export type { Caller } from "./auth/caller";
export { endAllSessions, pruneExpiredSessions } from "./auth/sessions";
export { INVALID_TWO_FACTOR_CODE, removeTwoFactor, TWO_FACTOR_REQUIRED, verifySignInCode } from "./auth/two-factor";
export { pruneVerifications } from "./codes";
export { enqueueEmail, enqueueEmails } from "./mail/enqueue";
export { notifyIfCourseFailed, notifyIfCourseReady, notifyRequestFailed } from "./notifications/course-events";
export { notifyReportsResolved } from "./notifications/report-events";
export { confirmAccountHolder, type Confirmation, passwordToCheck } from "./reauthentication";
export { type AccountExport, type PublicUser, publicUser } from "./responses";
export { confirmationFields, twoFactorCodeField } from "./schemas";
export { toPublicUser } from "./serialize";
export { checkOwnCode, confirmOwnPassword } from "./session-checks";
export { type ChangeOrigin, changeSeen } from "./two-factor-notices";
export { unsubscribeToken } from "./unsubscribe";
export { assertAnAdminRemains, getUser } from "./users";
