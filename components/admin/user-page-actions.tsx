"use client";

// The admin's user page: Deactivate / Reactivate (confirmed) and Reset two-factor, which asks the admin for
// THEIR OWN password before the server removes the user's second factor and ends their sessions
// (docs/security.md, "Admin actions"). Each calls the API, says what happened, and refreshes the page.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { AdminDialog, ConfirmDialog } from "@/components/admin/admin-dialog";
import { FormAlert, FormField } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { ApiError, call } from "@/client/api";

const STATUS_FAILED = "Failed to change the account's status";
const RESET_FAILED = "Failed to reset two-factor sign-in";

type Target = { id: number; email: string; name: string; isActive: boolean; twoFactorEnabled: boolean };

export function UserPageActions({ user, isSelf }: { user: Target; isSelf: boolean }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"status" | "reset" | null>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState("");
  const [resetError, setResetError] = useState<string | null>(null);
  const close = (open: boolean) => (open ? undefined : setDialog(null));

  async function changeStatus() {
    setBusy(true);
    try {
      await call("PUT /users/:id/status", { params: { id: user.id }, json: { status: user.isActive ? "deactivated" : "active" }, fallback: STATUS_FAILED });
      setDialog(null);
      toastSuccess(user.isActive ? "User deactivated. Their sessions have ended." : "User reactivated.");
      router.refresh();
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : STATUS_FAILED);
    } finally {
      setBusy(false);
    }
  }

  function openReset() {
    setPassword("");
    setResetError(null);
    setDialog("reset");
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setResetError("Enter your password.");
      return;
    }
    setBusy(true);
    setResetError(null);
    try {
      await call("POST /users/:id/two-factor/reset", { params: { id: user.id }, json: { password }, fallback: RESET_FAILED });
      setDialog(null);
      toastSuccess("Two-factor sign-in reset. The user was signed out and e-mailed.");
      router.refresh();
    } catch (error) {
      setResetError(error instanceof ApiError ? error.message : RESET_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {user.twoFactorEnabled && !isSelf ? (
        <button type="button" onClick={openReset} className={buttonClasses({ variant: "outline" })}>
          Reset two-factor
        </button>
      ) : null}
      {isSelf ? null : (
        <button
          type="button"
          onClick={() => setDialog("status")}
          className={buttonClasses({ variant: "outline", className: user.isActive ? "text-red-700" : undefined })}
        >
          {user.isActive ? "Deactivate" : "Reactivate"}
        </button>
      )}

      <ConfirmDialog
        open={dialog === "status"}
        onOpenChange={close}
        title={user.isActive ? "Deactivate User" : "Reactivate User"}
        description={
          user.isActive ? (
            <>
              Deactivate <strong>{user.name}</strong> ({user.email})? They are signed out everywhere and cannot sign in until reactivated. Their
              courses and progress are kept.
            </>
          ) : (
            <>
              Reactivate <strong>{user.name}</strong> ({user.email})? They can sign in again.
            </>
          )
        }
        confirmLabel={user.isActive ? "Deactivate" : "Reactivate"}
        busyLabel={user.isActive ? "Deactivating..." : "Reactivating..."}
        busy={busy}
        onConfirm={changeStatus}
      />

      <AdminDialog
        open={dialog === "reset"}
        onOpenChange={close}
        busy={busy}
        title="Reset two-factor sign-in"
        description={`${user.email} will sign in with their password alone, every session of theirs ends, and they are e-mailed. Confirm with your own password.`}
      >
        <form onSubmit={reset} noValidate className="space-y-4">
          <FormAlert message={resetError} />
          <FormField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => setDialog(null)} disabled={busy} className={buttonClasses({ variant: "outline" })}>
              Cancel
            </button>
            <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses()}>
              {busy ? "Resetting..." : "Reset two-factor"}
            </button>
          </div>
        </form>
      </AdminDialog>
    </div>
  );
}
