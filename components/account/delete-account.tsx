"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { MailedCodeField } from "@/components/account/mailed-code-field";
import { CodeField } from "@/components/auth/code-field";
import { buttonClasses } from "@/components/ui/button-link";
import { ApiError, call } from "@/client/api";

/** The account flows' browser-side keys (as the logout button clears them): nothing may outlive the account. */
const SESSION_KEYS = ["interestModalSkipped", "newUserData", "reset_email", "reset_token"] as const;

type DeleteAccountProps = {
  /** Two-factor sign-in is on: a code from the authenticator app (or a backup code) is asked for as well. */
  twoFactorEnabled?: boolean;
  /** False for an account without a password (organisation sign-in only): a mailed code confirms instead. */
  hasPassword?: boolean;
};

/**
 * "Delete my account": opens a confirmation asking for the password (or, for an account without
 * one, a mailed code) and, with two-factor on, a code from the app, then DELETE /users/me. The
 * server checks them with the log-in's limits and refuses the last admin; on success the
 * browser leaves for the home page, which says the account is gone.
 */
const CODE_MISSING = "Enter a code from your authenticator app (or a backup code).";

export function DeleteAccount({ twoFactorEnabled: twoFactorKnown = false, hasPassword = true }: DeleteAccountProps) {
  const id = useId();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [emailCode, setEmailCode] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The page may predate two-factor being turned on (another tab, a refresh still on its way): the server says so.
  const [codeAsked, setCodeAsked] = useState(false);
  const twoFactorEnabled = twoFactorKnown || codeAsked;

  /** What the form is missing, in the server's words, or null. */
  function missing(): string | null {
    if (hasPassword && !password) return "Password is required";
    if (!hasPassword && !emailCode.trim()) return "Enter the code we e-mailed you.";
    if (twoFactorEnabled && !code.trim()) return CODE_MISSING;
    return null;
  }

  function close() {
    setOpen(false);
    setPassword("");
    setEmailCode("");
    setCode("");
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const incomplete = missing();
    if (incomplete) return setError(incomplete);
    setBusy(true);
    setError(null);
    const confirmation = hasPassword ? { password } : { email_code: emailCode.trim() };
    const body = twoFactorEnabled ? { ...confirmation, code: code.trim() } : confirmation;
    try {
      await call("DELETE /users/me", { json: body, fallback: "Could not delete your account. Please try again." });
    } catch (failure) {
      const asksForCode = failure instanceof ApiError && failure.status === 422 && failure.fields.includes("code") && !code.trim();
      if (asksForCode) setCodeAsked(true);
      setError(asksForCode ? CODE_MISSING : (failure as Error).message);
      setBusy(false);
      return;
    }
    try {
      for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
    } catch {
      // Storage may be unavailable; the account is gone either way.
    }
    // The session belonged to the deleted account: the home page, rendered afresh, no longer knows it.
    router.replace("/?account=deleted");
    router.refresh();
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Delete my account
      </h2>
      <p className="mt-2 text-slate-700">Your account, progress, quiz answers and certificates are deleted for good. This cannot be undone.</p>
      {!open ? (
        <button type="button" onClick={() => setOpen(true)} className={buttonClasses({ variant: "outline", className: "mt-4 text-red-800" })}>
          Delete my account
        </button>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
          {hasPassword ? (
            <div>
              <label htmlFor={`${id}-password`} className="block text-sm font-medium text-slate-800">
                Enter your password to confirm
              </label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                autoFocus
                className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
              />
            </div>
          ) : (
            <MailedCodeField value={emailCode} onChange={setEmailCode} onError={setError} />
          )}
          {twoFactorEnabled ? (
            <CodeField label="Code from your authenticator app (or a backup code)" accepts="app-or-backup" value={code} onChange={setCode} />
          ) : null}
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ className: "bg-red-700 hover:bg-red-800 active:bg-red-900" })}>
              {busy ? "Deleting..." : "Delete my account for good"}
            </button>
            <button type="button" onClick={close} className={buttonClasses({ variant: "outline" })}>
              Keep my account
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
