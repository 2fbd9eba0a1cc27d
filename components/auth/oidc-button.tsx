"use client";

import { useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { toastError } from "@/components/ui/toaster";

const FAILED = "Could not start the sign-in with your organisation. Please try again.";

/*
 * "Continue with <label>": asks Better Auth for the OpenID Connect provider's sign-in address
 * (POST /api/auth/sign-in/social) and goes there; the provider sends the browser back to
 * /api/auth/callback/oidc, which signs in and lands on /login?continue=1 (the role's home).
 */
export function OidcButton({ label }: { label: string }) {
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    try {
      const response = await fetch("/api/auth/sign-in/social", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ provider: "oidc", callbackURL: "/login?continue=1", errorCallbackURL: "/login" }),
      });
      const data = (await response.json().catch(() => ({}))) as { url?: unknown };
      if (!response.ok || typeof data.url !== "string") throw new Error(FAILED);
      window.location.assign(data.url);
    } catch {
      setPending(false);
      toastError(FAILED);
    }
  }

  return (
    <button type="button" onClick={start} disabled={pending} aria-busy={pending || undefined} className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}>
      Continue with {label}
    </button>
  );
}
