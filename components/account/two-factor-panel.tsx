"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { MailedCodeField } from "@/components/account/mailed-code-field";
import { QrCode } from "@/components/account/qr-code";
import { BackupCodes } from "@/components/auth/backup-codes";
import { CodeField } from "@/components/auth/code-field";
import { FormAlert } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { buttonClasses } from "@/components/ui/button-link";
import { toastSuccess } from "@/components/ui/toaster";
import { ApiError, call } from "@/client/api";

/*
 * My Account's "Two-factor authentication": with the password, a QR code and the secret for an
 * authenticator app, confirmed with a code from it; the backup codes are shown once; turning it
 * off takes the password and a code. An account without a password confirms with a mailed code
 * instead (MailedCodeField). The server decides everything (POST/DELETE /users/me/two-factor,
 * POST /users/me/two-factor/confirm); this keeps nothing.
 */

type Step = { kind: "off" } | { kind: "scan"; otpauthUri: string; backupCodes: string[] } | { kind: "codes"; backupCodes: string[] } | { kind: "on" };

const FALLBACK = "Something went wrong. Please try again.";

function secretOf(otpauthUri: string): string {
  return new URL(otpauthUri).searchParams.get("secret") ?? "";
}

export function TwoFactorPanel({ enabled, hasPassword = true }: { enabled: boolean; hasPassword?: boolean }) {
  const router = useRouter();
  const headingId = useId();
  const [step, setStep] = useState<Step>(enabled ? { kind: "on" } : { kind: "off" });
  const [password, setPassword] = useState("");
  const [emailCode, setEmailCode] = useState("");
  const [code, setCode] = useState("");
  // What confirms it is the account holder: the password, or the mailed code for an account without one.
  const confirmation = () => (hasPassword ? { password } : { email_code: emailCode.trim() });
  const clearConfirmation = () => {
    setPassword("");
    setEmailCode("");
  };
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : FALLBACK);
    } finally {
      setBusy(false);
    }
  }

  const begin = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const started = await call("POST /users/me/two-factor", { json: confirmation(), fallback: FALLBACK });
      clearConfirmation();
      setStep({ kind: "scan", otpauthUri: started.otpauth_uri, backupCodes: started.backup_codes });
    });
  };

  const confirm = (event: FormEvent, backupCodes: string[]) => {
    event.preventDefault();
    void run(async () => {
      await call("POST /users/me/two-factor/confirm", { json: { code: code.trim() }, fallback: FALLBACK });
      setCode("");
      setStep({ kind: "codes", backupCodes });
      toastSuccess("Two-factor authentication is on.");
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await call("DELETE /users/me/two-factor", { json: { ...confirmation(), code: code.trim() }, fallback: FALLBACK });
      clearConfirmation();
      setCode("");
      setStep({ kind: "off" });
      toastSuccess("Two-factor authentication is off.");
      router.refresh();
    });
  };

  const submitClasses = buttonClasses({ className: "mt-4" });
  // Confirming the set-up takes the app's code; turning it off, a backup code as well.
  const codeField = (accepts: "digits" | "app-or-backup") => (
    <CodeField label={accepts === "digits" ? "Code from the app" : "Code from the app (or a backup code)"} accepts={accepts} value={code} onChange={setCode} />
  );
  const confirmationField = hasPassword ? (
    <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
  ) : (
    <MailedCodeField value={emailCode} onChange={setEmailCode} onError={setFailure} />
  );

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Two-factor authentication
      </h2>
      <FormAlert message={failure} />
      {step.kind === "off" ? (
        <form onSubmit={begin} className="mt-2 space-y-4">
          <p className="text-slate-700">
            {hasPassword
              ? "Sign in with a code from an authenticator app as well as your password."
              : "Use a code from an authenticator app as well: to delete your account and, should you set a password, to sign in with it."}
          </p>
          {confirmationField}
          <button type="submit" disabled={busy} className={submitClasses}>
            Turn on two-factor authentication
          </button>
        </form>
      ) : null}
      {step.kind === "scan" ? (
        <form onSubmit={(e) => confirm(e, step.backupCodes)} className="mt-2 space-y-4">
          <p className="text-slate-700">Scan this QR code with your authenticator app, or type the secret into it, then enter the code it shows.</p>
          <QrCode value={step.otpauthUri} label="QR code for your authenticator app" />
          <p className="text-sm text-slate-700">
            Secret: <code className="font-mono break-all text-slate-900" data-testid="two-factor-secret">{secretOf(step.otpauthUri)}</code>
          </p>
          {codeField("digits")}
          <button type="submit" disabled={busy} className={submitClasses}>
            Confirm
          </button>
        </form>
      ) : null}
      {step.kind === "codes" ? (
        <div className="mt-2 space-y-3">
          <p className="text-slate-700">
            Two-factor authentication is on. Keep these backup codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.
          </p>
          <BackupCodes codes={step.backupCodes} />
          <button type="button" className={buttonClasses({ variant: "outline" })} onClick={() => { setStep({ kind: "on" }); router.refresh(); }}>
            I have saved them
          </button>
        </div>
      ) : null}
      {step.kind === "on" ? (
        <form onSubmit={turnOff} className="mt-2 space-y-4">
          <p className="text-slate-700">
            Two-factor authentication is on. To turn it off, enter {hasPassword ? "your password" : "a code we e-mail you"} and a code from the app (or a backup code).
          </p>
          {confirmationField}
          {codeField("app-or-backup")}
          <button type="submit" disabled={busy} className={buttonClasses({ variant: "outline", className: "mt-4" })}>
            Turn off two-factor authentication
          </button>
        </form>
      ) : null}
    </section>
  );
}
