"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { CodeForm, messageOf } from "@/components/auth/code-form";
import { toastSuccess } from "@/components/ui/toaster";
import { call } from "@/client/api";

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
  const [email, setEmail] = useState("");
  const [verified, setVerified] = useState(false);

  useEffect(() => {
    // After mount only: sessionStorage and the URL's query are browser-side.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from browser storage after hydration
    setEmail(readResetEmail());
  }, []);

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => router.push("/reset-password"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, router]);

  async function verify(code: string): Promise<string | null> {
    const to = readResetEmail();
    if (!to) return "No email found. Please request a new code.";
    try {
      const res = await call("POST /forgot-password/verify-code", {
        json: { email: to, code },
        fallback: "Failed to verify code.",
      });
      if (res?.reset_token) sessionStorage.setItem("reset_token", res.reset_token);
    } catch (error) {
      return messageOf(error, "Failed to verify code.");
    }
    toastSuccess("Code verified successfully.");
    setVerified(true);
    return null;
  }

  async function resend(): Promise<string | null> {
    const to = readResetEmail();
    if (!to) return "No email found to resend code.";
    try {
      await call("POST /forgot-password/send-code", { json: { email: to }, fallback: "Failed to resend code." });
    } catch (error) {
      return messageOf(error, "Failed to resend code.");
    }
    toastSuccess(`A new verification code has been sent to: ${to}`);
    return null;
  }

  return <CodeForm email={email} verify={verify} resend={resend} />;
}
