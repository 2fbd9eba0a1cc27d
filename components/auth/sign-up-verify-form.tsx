"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { CodeForm, messageOf } from "@/components/auth/code-form";
import { rememberSignedUpEmail } from "@/components/ui/signed-up-email";
import { toastSuccess } from "@/components/ui/toaster";
import { call } from "@/client/api";
import { verifySignUpCode } from "@/client/auth";

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
  // Read after mount: sessionStorage does not exist on the server, and reading it during render would not hydrate.
  const [email, setEmail] = useState("");

  useEffect(() => {
    const stored = readPendingUser()?.email;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from browser storage after hydration
    if (typeof stored === "string") setEmail(stored);
  }, []);

  async function verify(code: string): Promise<string | null> {
    const pending = readPendingUser();
    if (!pending?.email) return "No user data found.";
    const result = await verifySignUpCode({ email: pending.email, code, signup_token: pending.signup_token }, "Failed to verify code.");
    if (!result.ok) return result.message;
    sessionStorage.removeItem("newUserData");
    // Verified, but the values sent with /signup were gone (the session outlived them).
    if (!result.signedIn) return SIGN_UP_EXPIRED;
    toastSuccess("Code verified successfully.");
    // Should this session end, the login form already holds the e-mail.
    rememberSignedUpEmail(pending.email);
    router.replace(AFTER_SIGN_UP);
    router.refresh();
    return null;
  }

  async function resend(): Promise<string | null> {
    const pending = readPendingUser();
    const to = pending?.email;
    if (!to) return "No email found to resend code.";
    try {
      // The same sign-up token keeps this sign-up's values waiting; a new one means they are gone.
      const res = await call("POST /register/send-code", {
        json: { email: to, signup_token: pending.signup_token },
        fallback: "Failed to resend code.",
      });
      if (res?.signup_token !== pending.signup_token) {
        sessionStorage.removeItem("newUserData");
        return SIGN_UP_EXPIRED;
      }
    } catch (error) {
      return messageOf(error, "Failed to resend code.");
    }
    toastSuccess(`A new verification code has been sent to: ${to}`);
    return null;
  }

  return <CodeForm email={email} verify={verify} resend={resend} />;
}
