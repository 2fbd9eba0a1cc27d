"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { LogoutButton } from "@/components/auth/logout-button";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { ApiError, call } from "@/client/api";

/*
 * My Account's "Signed-in devices": every active session (device, address, last seen), each with
 * "Sign out" (DELETE /users/me/sessions/{id}), and "Sign out everywhere", this browser included.
 */

import type { SessionRow } from "@/lib/accounts/auth/device";

const FALLBACK = "Could not sign that session out. Please try again.";

export function SessionsPanel({ sessions }: { sessions: SessionRow[] }) {
  const router = useRouter();
  const headingId = useId();
  const [pending, setPending] = useState<number | null>(null);

  async function end(id: number) {
    setPending(id);
    try {
      await call("DELETE /users/me/sessions/:id", { params: { id }, fallback: FALLBACK });
      toastSuccess("Signed out.");
      router.refresh();
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : FALLBACK);
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Signed-in devices
      </h2>
      <ul className="mt-4 divide-y divide-slate-200" aria-label="Active sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">
                {session.device}
                {session.current ? <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">This device</span> : null}
              </p>
              <p className="text-sm text-slate-600">
                {session.address} · last seen {session.lastSeen}
              </p>
            </div>
            {session.current ? (
              <LogoutButton className={buttonClasses({ variant: "outline", size: "sm" })}>Sign out</LogoutButton>
            ) : (
              <button
                type="button"
                onClick={() => end(session.id)}
                disabled={pending === session.id}
                aria-label={`Sign out ${session.device}, last seen ${session.lastSeen}`}
                className={buttonClasses({ variant: "outline", size: "sm" })}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-slate-700">Signed in on a device you no longer use? Sign out everywhere, this browser included.</p>
      <LogoutButton everywhere className={buttonClasses({ variant: "outline", className: "mt-4" })}>
        Sign out everywhere
      </LogoutButton>
    </section>
  );
}
