"use client";

import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { authLinkClasses } from "@/components/auth/auth-card";
import { CodeField } from "@/components/auth/code-field";
import { FormAlert } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-classes";

type Busy = "verify" | "resend" | "done" | null;

type CodeFormProps = {
  /** Where the code was sent (shown in bold; blank when the screen knows none). */
  email: string;
  /** Checks the code with the server: a failure's message, or null once verified (the screen moves on). */
  verify: (code: string) => Promise<string | null>;
  /** Sends a new code: a failure's message, or null. */
  resend: () => Promise<string | null>;
};

/*
 * The one e-mailed-code screen, for sign-up and for a password reset: "Enter the 6-digit code sent
 * to {email}", the code field, Verify Code (submit), Resend Code and Back to login. One message per
 * failure: the form's alert box (a toast as well said it twice).
 */
export function CodeForm({ email, verify, resend }: CodeFormProps) {
  const introId = useId();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    // The shared schema loads on submit: zod stays out of the page's first-load JavaScript.
    const { codeField } = await import("@/lib/accounts/schemas");
    const parsed = codeField.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? "Please enter a valid 6-digit code.");
      return;
    }
    setCodeError(null);
    setBusy("verify");
    const refused = await verify(parsed.data);
    setFailure(refused);
    setBusy(refused ? null : "done");
  }

  async function onResend() {
    setFailure(null);
    setBusy("resend");
    const refused = await resend();
    setFailure(refused);
    if (!refused) {
      setCode("");
      setCodeError(null);
    }
    setBusy(null);
  }

  return (
    <form noValidate onSubmit={onVerify} aria-describedby={introId} className="space-y-5">
      <p id={introId} className="text-sm text-slate-600">
        Enter the 6-digit code sent to <strong className="font-semibold break-all text-slate-900">{email}</strong>
      </p>
      <FormAlert message={failure} />
      <CodeField
        label="Verification code"
        value={code}
        error={codeError}
        onChange={(next) => {
          setCode(next);
          if (codeError) setCodeError(null);
        }}
      />
      <div className="flex flex-col gap-3">
        <button type="submit" disabled={busy !== null} aria-busy={busy === "verify" || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
          {busy === "verify" || busy === "done" ? "Verifying..." : "Verify Code"}
        </button>
        <button
          type="button"
          onClick={() => void onResend()}
          disabled={busy !== null}
          aria-busy={busy === "resend" || undefined}
          className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}
        >
          {busy === "resend" ? "Sending..." : "Resend Code"}
        </button>
      </div>
      <p className="text-center text-sm">
        <Link href="/login" className={authLinkClasses}>
          Back to login
        </Link>
      </p>
    </form>
  );
}

/** An API failure's message for the form's alert. */
export const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
