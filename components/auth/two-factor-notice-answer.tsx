"use client";

import Link from "next/link";
import { useState } from "react";
import { authLinkClasses } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-field";
import { linkToken } from "@/components/auth/link-token";
import { buttonClasses } from "@/components/ui/button-classes";
import { call } from "@/client/api";

type Answer = "it-was-me" | "it-was-not-me";

/** The two answers to a notice that two-factor sign-in went on or off (POST /two-factor/notice). */
export function TwoFactorNoticeAnswer() {
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ answer: Answer; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(answer: Answer) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await call("POST /two-factor/notice", { json: { token: linkToken("token"), answer }, fallback: "Could not send your answer." });
      setDone({ answer, message });
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : "Could not send your answer.");
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="space-y-5">
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950">
          {done.message}
        </p>
        {done.answer === "it-was-not-me" ? (
          <Link href="/forgot-password" className={buttonClasses({ size: "lg", className: "w-full" })}>
            Reset my password
          </Link>
        ) : (
          <Link href="/login" className={authLinkClasses}>
            Go to log-in
          </Link>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <FormAlert message={failure} />
      <button type="button" disabled={busy} onClick={() => void send("it-was-not-me")} className={buttonClasses({ size: "lg", className: "w-full" })}>
        This was not me: sign everyone out
      </button>
      <button type="button" disabled={busy} onClick={() => void send("it-was-me")} className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}>
        This was me
      </button>
    </div>
  );
}
