import { z } from "zod";
import { confirmationFields, twoFactorCodeField } from "../../accounts";

/**
 * DELETE /users/me: the account's password (or, without one, a mailed code) asked again before
 * the account goes, and a code from the authenticator app (or a backup code) when two-factor is on.
 */
export const deleteAccountSchema = z.object({ ...confirmationFields, code: twoFactorCodeField.optional() });
