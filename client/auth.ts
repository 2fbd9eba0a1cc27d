import { UNREACHABLE } from "./api";

/*
 * The browser's calls to Better Auth's endpoints (/api/auth/*): its answers carry `message`
 * where the app's API carries `detail`.
 */

export type SignInResult = { ok: true; role: string } | { ok: false; message: string; twoFactorRequired: boolean };

type AuthAnswer = { ok: boolean; data: { message?: unknown; code?: unknown; registered?: unknown; url?: unknown; user?: { role?: unknown } } } | null;

/** POSTs to one of Better Auth's endpoints; null when the server could not be reached. */
async function postAuth(path: string, body: unknown): Promise<AuthAnswer> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
  return { ok: response.ok, data: (await response.json().catch(() => ({}))) as NonNullable<AuthAnswer>["data"] };
}

const messageOf = (answer: NonNullable<AuthAnswer>, fallback: string) => (typeof answer.data.message === "string" && answer.data.message ? answer.data.message : fallback);

export async function signInWithPassword(values: { email: string; password: string; otp?: string }, fallback: string): Promise<SignInResult> {
  const answer = await postAuth("/sign-in/password", values);
  if (!answer) return { ok: false, message: UNREACHABLE, twoFactorRequired: false };
  if (answer.ok) return { ok: true, role: String(answer.data.user?.role ?? "") };
  return { ok: false, message: messageOf(answer, fallback), twoFactorRequired: answer.data.code === "TWO_FACTOR_REQUIRED" };
}

export type SignUpVerifyResult = { ok: true; signedIn: boolean } | { ok: false; message: string };

/**
 * The sign-up's verify step: the e-mailed code and this browser's sign-up token. Creates the
 * account and signs this browser in (its session cookie); signedIn is false when the request
 * carried no sign-up values (nothing to sign in to yet).
 */
export async function verifySignUpCode(values: { email: string; code: string; signup_token?: string }, fallback: string): Promise<SignUpVerifyResult> {
  const answer = await postAuth("/sign-up/verify-code", values);
  if (!answer) return { ok: false, message: UNREACHABLE };
  if (answer.ok) return { ok: true, signedIn: answer.data.registered === true };
  return { ok: false, message: messageOf(answer, fallback) };
}

/**
 * Where to send the browser to sign in with the OpenID Connect provider; null when Better Auth
 * refused or could not be reached. The provider sends the browser back to
 * /api/auth/callback/oidc, which signs in and lands on /login?continue=1 (the role's home).
 */
export async function oidcSignInUrl(): Promise<string | null> {
  const answer = await postAuth("/sign-in/social", { provider: "oidc", callbackURL: "/login?continue=1", errorCallbackURL: "/login" });
  return answer?.ok && typeof answer.data.url === "string" ? answer.data.url : null;
}

/** Ends this browser's session on the server and clears its cookie. */
export async function signOutHere(): Promise<void> {
  const response = await fetch("/api/auth/sign-out", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`sign-out failed: ${response.status}`);
}
