/*
 * The browser's calls to Better Auth's endpoints (/api/auth/*): its answers carry `message`
 * where the app's API carries `detail`.
 */

export type SignInResult = { ok: true; role: string } | { ok: false; message: string; twoFactorRequired: boolean };

const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

type AuthAnswer = { ok: boolean; data: { message?: unknown; code?: unknown; registered?: unknown; user?: { role?: unknown } } } | null;

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
