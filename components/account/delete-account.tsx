"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { buttonClasses } from "@/components/ui/button-link";
import { apiFetch } from "@/lib/client/api";

/** The account flows' browser-side keys (as the logout button clears them): nothing may outlive the account. */
const SESSION_KEYS = ["interestModalSkipped", "newUserData", "reset_email", "reset_token"] as const;

/**
 * "Delete my account": opens a confirmation asking for the password, then DELETE /users/me. The
 * server checks the password with the log-in's limits and refuses the last admin; on success the
 * browser leaves for the home page, which says the account is gone.
 */
export function DeleteAccount() {
  const id = useId();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return setError("Password is required");
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/users/me", { method: "DELETE", body: { password }, fallback: "Could not delete your account. Please try again." });
    } catch (failure) {
      setError((failure as Error).message);
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
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ className: "bg-red-700 hover:bg-red-800 active:bg-red-900" })}>
              {busy ? "Deleting..." : "Delete my account for good"}
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setPassword("");
                setError(null);
              }}
              className={buttonClasses({ variant: "outline" })}
            >
              Keep my account
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
