"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * /verify-code is the second step of a password reset: without the e-mail the first step stored
 * (sessionStorage's reset_email, or ?email=) it has no one to send a code to, so the learner is
 * sent back to /forgot-password, which says why.
 */
export function RequireResetEmail() {
  const router = useRouter();
  useEffect(() => {
    const known = sessionStorage.getItem("reset_email") || new URLSearchParams(window.location.search).get("email")?.trim();
    if (!known) router.replace("/forgot-password?reason=no-email");
  }, [router]);
  return null;
}
