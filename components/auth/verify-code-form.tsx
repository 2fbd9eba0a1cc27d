"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { CodeField } from "@/components/auth/code-field";
import { CodeFormActions, type CodeFormBusy } from "@/components/auth/code-form-actions";
import { FormAlert } from "@/components/auth/form-field";
import { toastSuccess } from "@/components/ui/toaster";
import { apiFetch } from "@/lib/client/api";

// After a verified code, go on to the new-password screen after about 1 s (docs/product-rules.md, Screens).
const REDIRECT_DELAY_MS = 1000;

/** The reset in progress: sessionStorage's reset_email, else ?email= (then remembered for /reset-password). */
function readResetEmail(): string {
  const stored = sessionStorage.getItem("reset_email");
  if (stored) return stored;
  const fromUrl = new URLSearchParams(window.location.search).get("email")?.trim() ?? "";
  if (fromUrl) sessionStorage.setItem("reset_email", fromUrl);
  return fromUrl;
}

export function VerifyCodeForm() {
  const router = useRouter();
  const introId = useId();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<CodeFormBusy>(null);

  useEffect(() => {
    // After mount only: sessionStorage and the URL's query are browser-side.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from browser storage after hydration
    setEmail(readResetEmail());
  }, []);

  useEffect(() => {
    if (busy !== "done") return;
    const timer = setTimeout(() => router.push("/reset-password"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy, router]);

  // One message per failure: the form's alert box (a toast as well said it twice).
  function fail(message: string) {
    setFailure(message);
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    // The shared schema loads on submit: zod stays out of the page's first-load JavaScript.
    const { codeField } = await import("@/lib/validation/accounts");
    const parsed = codeField.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? "Please enter a valid 6-digit code.");
      return;
    }
    setCodeError(null);
    const to = readResetEmail();
    if (!to) return fail("No email found. Please request a new code.");

    setBusy("verify");
    try {
      const res = await apiFetch<{ message?: string; reset_token?: string }>("/forgot-password/verify-code", {
        method: "POST",
        body: { email: to, code: parsed.data },
        fallback: "Failed to verify code.",
      });
      if (res?.reset_token) sessionStorage.setItem("reset_token", res.reset_token);
      toastSuccess("Code verified successfully.");
      setBusy("done");
    } catch (error) {
      fail(error instanceof Error && error.message ? error.message : "Failed to verify code.");
      setBusy(null);
    }
  }

  async function onResend() {
    setFailure(null);
    const to = readResetEmail();
    if (!to) return fail("No email found to resend code.");

    setBusy("resend");
    try {
      await apiFetch("/forgot-password/send-code", { method: "POST", body: { email: to }, fallback: "Failed to resend code." });
      setCode("");
      setCodeError(null);
      toastSuccess(`A new verification code has been sent to: ${to}`);
    } catch (error) {
      fail(error instanceof Error && error.message ? error.message : "Failed to resend code.");
    } finally {
      setBusy(null);
    }
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
      <CodeFormActions busy={busy} onResend={onResend} />
    </form>
  );
}
