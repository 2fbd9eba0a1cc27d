"use client";

import { useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { toastError } from "@/components/ui/toaster";
import { oidcSignInUrl } from "@/client/auth";

const FAILED = "Could not start the sign-in with your organisation. Please try again.";

/* "Continue with <label>": asks Better Auth for the OpenID Connect provider's sign-in address (client/auth.ts) and goes there. */
export function OidcButton({ label }: { label: string }) {
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    const url = await oidcSignInUrl();
    if (url) return window.location.assign(url);
    setPending(false);
    toastError(FAILED);
  }

  return (
    <button type="button" onClick={start} disabled={pending} aria-busy={pending || undefined} className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}>
      Continue with {label}
    </button>
  );
}
