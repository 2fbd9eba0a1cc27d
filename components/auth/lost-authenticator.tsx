"use client";

import { useState, type FormEvent } from "react";
import { CodeField } from "@/components/auth/code-field";
import { FormAlert } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-classes";
import { call } from "@/client/api";

/*
 * "I lost my authenticator", on the log-in's second step (docs/product-rules.md, "Two-factor
 * sign-in"): backup codes come first; otherwise a code to the mailbox (with the e-mail and
 * password the first step holds) starts a recovery that removes two-factor sign-in only after a
 * waiting period, with an e-mail every day in which the owner can cancel it.
 */

type Step = "explain" | "code" | "waiting";

export function LostAuthenticator({ email, password, onBack }: { email: string; password: string; onBack: () => void }) {
  const [step, setStep] = useState<Step>("explain");
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : "Something went wrong. Try again.");
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    run(async () => {
      const { message } = await call("POST /two-factor/recovery/send-code", { json: { email, password }, fallback: "Could not send a recovery code." });
      setNotice(message);
      setStep("code");
    });

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const { message } = await call("POST /two-factor/recovery/verify-code", { json: { email, code: code.trim() }, fallback: "Could not check the code." });
      setNotice(message);
      setStep("waiting");
    });
  };

  const back = (
    <button type="button" onClick={onBack} className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}>
      Back to log-in
    </button>
  );

  if (step === "waiting") {
    return (
      <div className="space-y-5">
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {notice}
        </p>
        <p className="text-sm text-slate-600">If you find your authenticator app or a backup code, sign in with it: that cancels the recovery.</p>
        {back}
      </div>
    );
  }

  if (step === "code") {
    return (
      <form noValidate onSubmit={verify} className="space-y-5">
        <FormAlert message={failure} />
        {notice ? <p role="status" className="text-sm text-slate-600">{notice}</p> : null}
        <CodeField label="Recovery code" hint="The 6-digit code we e-mailed you." autoFocus value={code} onChange={setCode} />
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
          {busy ? "Checking..." : "Start the recovery"}
        </button>
        {back}
      </form>
    );
  }

  return (
    <div className="space-y-5">
      <FormAlert message={failure} />
      <p className="text-sm text-slate-700">
        If you still have one of your backup codes, go back and enter it instead of the app&apos;s code: it signs you in at once.
      </p>
      <p className="text-sm text-slate-700">
        Otherwise we can e-mail you a code that starts a recovery. For your safety, two-factor sign-in is removed only after a waiting period, and we
        e-mail you every day until then so you can cancel it if it was not you.
      </p>
      <button type="button" onClick={() => void sendCode()} disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
        {busy ? "Sending..." : "E-mail me a recovery code"}
      </button>
      {back}
    </div>
  );
}
