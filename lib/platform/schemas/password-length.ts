/*
 * The lengths of the password rule, defined once. They sit in platform because the environment's
 * seed passwords (lib/platform/env.ts) are held to them as well as every account's password
 * (lib/accounts/schemas.ts, which words the rule's messages).
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
