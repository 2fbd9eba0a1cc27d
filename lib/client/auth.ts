/*
 * The browser's calls to Better Auth's endpoints (/api/auth/*): its answers carry `message`
 * where the app's API carries `detail`.
 */

export type SignInResult = { ok: true; role: string } | { ok: false; message: string; twoFactorRequired: boolean };

const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

export async function signInWithPassword(values: { email: string; password: string; otp?: string }, fallback: string): Promise<SignInResult> {
  let response: Response;
  try {
    response = await fetch("/api/auth/sign-in/password", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(values),
    });
  } catch {
    return { ok: false, message: UNREACHABLE, twoFactorRequired: false };
  }
  const data = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown; user?: { role?: unknown } };
  if (response.ok) return { ok: true, role: String(data.user?.role ?? "") };
  const message = typeof data.message === "string" && data.message ? data.message : fallback;
  return { ok: false, message, twoFactorRequired: data.code === "TWO_FACTOR_REQUIRED" };
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
