"use client";

import { useEffect } from "react";

/*
 * Sign-up ends on the login page: the address just verified is handed over in sessionStorage (never
 * in the URL, where it would reach history and logs) and read once, so the login form has it filled in.
 */
const KEY = "signed_up_email";

export function rememberSignedUpEmail(email: string): void {
  sessionStorage.setItem(KEY, email);
}

/** Calls `fill` once with the e-mail sign-up just verified, if any, and forgets it. */
export function useSignedUpEmail(fill: (email: string) => void): void {
  useEffect(() => {
    const email = sessionStorage.getItem(KEY);
    if (!email) return;
    sessionStorage.removeItem(KEY);
    fill(email);
  }, [fill]);
}
