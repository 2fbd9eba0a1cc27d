"use client";

import { useRouter } from "next/navigation";
import { useState, type ComponentProps } from "react";
import { toastError } from "@/components/ui/toaster";
import { call } from "@/client/api";
import { signOutHere } from "@/client/auth";

/** Browser-side state of the account flows; nothing of it may outlive the session. */
const SESSION_KEYS = ["interestModalSkipped", "newUserData", "reset_email", "reset_token"] as const;

type LogoutButtonProps = Omit<ComponentProps<"button">, "type" | "onClick"> & {
  /** "Sign out everywhere": end every session of the account (POST /log_out/everywhere) first. */
  everywhere?: boolean;
};

/**
 * Ends the session (Better Auth's sign-out deletes it on the server), clears the account
 * keys from sessionStorage and replaces the current page with /login. With `everywhere`, every
 * other session of the account ends too. Extra props (role, className, ...) go to the <button>.
 */
export function LogoutButton({ children = "Logout", disabled, everywhere = false, ...props }: LogoutButtonProps) {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function logout() {
    setPending(true);
    try {
      if (everywhere) await call("POST /log_out/everywhere", { fallback: "Could not sign out everywhere. Please try again." });
    } catch (error) {
      setPending(false);
      toastError((error as Error).message);
      return;
    }
    try {
      await signOutHere();
    } catch {
      setPending(false);
      toastError("Could not log out. Please try again.");
      return;
    }
    try {
      for (const key of SESSION_KEYS) window.sessionStorage.removeItem(key);
    } catch {
      // Storage may be unavailable (privacy mode); the session itself is already gone.
    }
    router.replace("/login");
    router.refresh();
  }

  return (
    <button {...props} type="button" onClick={logout} disabled={disabled || pending} aria-busy={pending || undefined}>
      {children}
    </button>
  );
}
