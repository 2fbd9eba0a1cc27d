/** A browser session lasts this long from sign-in, however often it is used (Better Auth never extends it here). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** Better Auth's session cookie (the __Secure- one when APP_URL is https): a session token and its HMAC. */
export const SESSION_COOKIES = ["__Secure-better-auth.session_token", "better-auth.session_token"] as const;
