"use client";

import Link from "next/link";
import { useState } from "react";
import { FormAlert } from "@/components/auth/form-field";
import { linkToken } from "@/components/auth/link-token";
import { buttonClasses } from "@/components/ui/button-classes";
import { call } from "@/client/api";

/** The recovery e-mails' "cancel" link (POST /two-factor/recovery/cancel). */
export function TwoFactorRecoveryCancel() {
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await call("POST /two-factor/recovery/cancel", { json: { token: linkToken("cancel") }, fallback: "Could not cancel the recovery." });
      setMessage(answer.message);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : "Could not cancel the recovery.");
    } finally {
      setBusy(false);
    }
  }

  if (message) {
    return (
      <div className="space-y-5">
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950">
          {message}
        </p>
        <Link href="/forgot-password" className={buttonClasses({ size: "lg", className: "w-full" })}>
          Reset my password
        </Link>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <FormAlert message={failure} />
      <button type="button" disabled={busy} onClick={() => void cancel()} className={buttonClasses({ size: "lg", className: "w-full" })}>
        Cancel the recovery: keep two-factor sign-in
      </button>
    </div>
  );
}
