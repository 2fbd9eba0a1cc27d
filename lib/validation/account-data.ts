import { z } from "zod";
import { passwordField } from "./accounts";

/** DELETE /users/me: the account's password, asked again before the account goes. */
export const deleteAccountSchema = z.object({ password: passwordField });
