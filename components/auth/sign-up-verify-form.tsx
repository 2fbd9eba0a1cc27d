"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState, type FormEvent } from "react";
import { CodeField } from "@/components/auth/code-field";
import { CodeFormActions, type CodeFormBusy } from "@/components/auth/code-form-actions";
import { FormAlert } from "@/components/auth/form-field";
import { rememberSignedUpEmail } from "@/components/ui/signed-up-email";
import { toastSuccess } from "@/components/ui/toaster";
import { apiFetch } from "@/lib/client/api";
import { verifySignUpCode } from "@/lib/client/auth";

// Signed in by the verify step, the new learner picks interests first (docs/product-rules.md, Accounts).
const AFTER_SIGN_UP = "/dashboard/topic-selection";

type PendingUser = { first_name?: string; last_name?: string; email?: string; signup_token?: string };

const SIGN_UP_EXPIRED = "Your sign-up session has expired. Please sign up again.";

/** The sign-up values stored by /signup (never the password), or null when missing or unreadable. */
function readPendingUser(): PendingUser | null {
  try {
    const raw = sessionStorage.getItem("newUserData");
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === "object" ? (value as PendingUser) : null;
  } catch {
    return null;
  }
}

export function SignUpVerifyForm() {
  const router = useRouter();
  const introId = useId();
  // Read after mount: sessionStorage does not exist on the server, and reading it during render would not hydrate.
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<CodeFormBusy>(null);

  useEffect(() => {
    const stored = readPendingUser()?.email;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from browser storage after hydration
    if (typeof stored === "string") setEmail(stored);
  }, []);

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
    const pending = readPendingUser();
    if (!pending?.email) return fail("No user data found.");

    setBusy("verify");
    const result = await verifySignUpCode({ email: pending.email, code: parsed.data, signup_token: pending.signup_token }, "Failed to verify code.");
    if (!result.ok) {
      fail(result.message);
      setBusy(null);
      return;
    }
    sessionStorage.removeItem("newUserData");
    // Verified, but the values sent with /signup were gone (the session outlived them).
    if (!result.signedIn) {
      fail(SIGN_UP_EXPIRED);
      setBusy(null);
      return;
    }
    toastSuccess("Code verified successfully.");
    setBusy("done");
    // Should this session end, the login form already holds the e-mail.
    rememberSignedUpEmail(pending.email);
    router.replace(AFTER_SIGN_UP);
    router.refresh();
  }

  async function onResend() {
    setFailure(null);
    const pending = readPendingUser();
    const to = pending?.email;
    if (!to) return fail("No email found to resend code.");

    setBusy("resend");
    try {
      // The same sign-up token keeps this sign-up's values waiting; a new one means they are gone.
      const res = await apiFetch<{ signup_token?: string }>("/register/send-code", {
        method: "POST",
        body: { email: to, signup_token: pending.signup_token },
        fallback: "Failed to resend code.",
      });
      if (res?.signup_token !== pending.signup_token) {
        sessionStorage.removeItem("newUserData");
        return fail(SIGN_UP_EXPIRED);
      }
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
