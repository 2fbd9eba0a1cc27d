import "server-only";
import { z } from "zod";
import { seal, unseal } from "./auth/seal";
import { hashSecret, newSecretToken, sameHash, VERIFIED_WINDOW_MINUTES } from "./codes";

/*
 * The sign-up requests waiting on one e-mail's code (kept beside it: lib/accounts/registration.ts).
 * Whoever sends a code gets a one-time sign-up token bound to their own request: their values
 * (the password sealed under a key only that token opens) or none (the two-step flow: code first, values later).
 * The e-mailed code proves control of the mailbox; the token says whose request it completes.
 * So a second send-code for the same e-mail, by anyone, adds a request beside the first one and
 * never changes it, and verifying the code with a request's token either creates that request's
 * account or grants a one-time registration token for POST /users/.
 */

/** How long a request waits for its code (each resend with its token starts this again). */
export const REQUEST_TTL_MINUTES = 30;
/** Bounds the row; a request lives at most REQUEST_TTL_MINUTES, so only a flood can push one out. */
const MAX_REQUESTS = 50;

const request = z.object({
  /** HMAC of the sign-up token. */
  token: z.string(),
  /** The sign-up values, sealed with the token: only its holder's verify-code can open them. */
  values: z.string().optional(),
  at: z.number(),
  /** HMAC of the registration token verify-code granted, and when (the two-step flow). */
  grant: z.string().optional(),
  grantedAt: z.number().optional(),
});
const pendingSignUps = z.object({ requests: z.array(request) });

export type SignUpRequest = z.infer<typeof request>;
export type PendingSignUps = z.infer<typeof pendingSignUps>;
export type SignUpValues = { first_name: string; last_name: string; password: string };

const signUpValues = z.object({ first_name: z.string(), last_name: z.string(), password: z.string() });

const tokenHash = (email: string, token: string) => hashSecret("signup_token", email, token);
const grantHash = (email: string, token: string) => hashSecret("registration_token", email, token);

const grantLive = (r: SignUpRequest, now: number) => r.grantedAt !== undefined && r.grantedAt > now - VERIFIED_WINDOW_MINUTES * 60_000;
const requestLive = (r: SignUpRequest, now: number) => r.at > now - REQUEST_TTL_MINUTES * 60_000 || grantLive(r, now);

/** The live requests in a code row's pending_data (anything else there reads as none). */
export function liveRequests(pendingData: unknown, now = Date.now()): SignUpRequest[] {
  const parsed = pendingSignUps.safeParse(pendingData);
  return parsed.success ? parsed.data.requests.filter((r) => requestLive(r, now)) : [];
}

export function findRequest(pendingData: unknown, email: string, token: string | undefined): SignUpRequest | undefined {
  if (!token) return undefined;
  const wanted = tokenHash(email, token);
  return liveRequests(pendingData).find((r) => sameHash(r.token, wanted));
}

/**
 * A send-code's request: the caller's own one again when they resend with its token (new values
 * replace its old ones), else a new one. Returns the token to hand back and the new pending_data.
 */
export function recordRequest(
  pendingData: unknown,
  email: string,
  given: { token?: string; values?: SignUpValues },
): { token: string; pendingData: PendingSignUps } {
  const now = Date.now();
  const own = findRequest(pendingData, email, given.token);
  const token = own ? given.token! : newSecretToken();
  const sealed = given.values ? seal(JSON.stringify(given.values), "signup-values", token) : own?.values;
  const others = liveRequests(pendingData, now).filter((r) => r.token !== own?.token);
  const mine: SignUpRequest = { token: tokenHash(email, token), at: now, ...(sealed ? { values: sealed } : {}) };
  return { token, pendingData: { requests: [...others, mine].slice(-MAX_REQUESTS) } };
}

export function openValues(req: SignUpRequest, token: string): SignUpValues | null {
  const raw = req.values ? unseal(req.values, "signup-values", token) : null;
  if (!raw) return null;
  const parsed = signUpValues.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : null;
}

/** Verify-code without waiting values: the request gets a one-time registration token for POST /users/. */
export function grantRegistration(pendingData: unknown, email: string, req: SignUpRequest): { registrationToken: string; pendingData: PendingSignUps } {
  const registrationToken = newSecretToken();
  const granted: SignUpRequest = { ...req, grant: grantHash(email, registrationToken), grantedAt: Date.now() };
  const requests = liveRequests(pendingData).map((r) => (r.token === req.token ? granted : r));
  return { registrationToken, pendingData: { requests } };
}

/** The request a registration token was granted to, while the grant is live. */
export function findGrant(pendingData: unknown, email: string, registrationToken: string | undefined): SignUpRequest | undefined {
  if (!registrationToken) return undefined;
  const wanted = grantHash(email, registrationToken);
  const now = Date.now();
  return liveRequests(pendingData, now).find((r) => r.grant !== undefined && grantLive(r, now) && sameHash(r.grant, wanted));
}

/** pending_data once a request is used up (its grant spent or its account created). */
export function withoutRequest(pendingData: unknown, req: SignUpRequest): PendingSignUps {
  return { requests: liveRequests(pendingData).filter((r) => r.token !== req.token) };
}
