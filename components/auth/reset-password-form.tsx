"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { call } from "@/client/api";
import { lazyZodResolver } from "@/client/lazy-zod-resolver";

const FALLBACK = "Failed to reset password.";
// Back to the login screen 1.5 s after the new password is saved (docs/product-rules.md, Screens).
const REDIRECT_DELAY_MS = 1500;

const resolver = lazyZodResolver(() => import("@/lib/accounts/schemas").then((m) => m.resetPasswordFormSchema));

export function ResetPasswordForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    mode: "onTouched",
    defaultValues: { password: "", confirm_password: "" },
  });

  useEffect(() => {
    // No reset in progress (opened directly, or another tab finished it): nothing to do here.
    if (!sessionStorage.getItem("reset_email")) router.replace("/login");
  }, [router]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => router.push("/login"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, router]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const email = sessionStorage.getItem("reset_email");
    if (!email) {
      router.replace("/login");
      return;
    }
    let message: string | undefined;
    try {
      ({ message } = await call("POST /forgot-password/reset-password", {
        // Without a token (code not verified in this tab) the server refuses the empty one with its own "expired" message.
        json: { email, password, reset_token: sessionStorage.getItem("reset_token") ?? "" },
        fallback: FALLBACK,
      }));
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : FALLBACK;
      setFailure(text);
      toastError(text);
      return;
    }
    sessionStorage.removeItem("reset_email");
    sessionStorage.removeItem("reset_token");
    toastSuccess(message || "Your password has been reset.");
    setDone(true);
  });

  const busy = isSubmitting || done;

  return (
    <form noValidate onSubmit={onSubmit} onFocusCapture={resolver.preload} className="space-y-5">
      <FormAlert message={failure} />
      <PasswordInput
        label="New Password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordInput
        label="Confirm Password"
        toggleNoun="confirm password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register("confirm_password")}
      />
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
        {busy ? "Resetting..." : "Reset Password"}
      </button>
    </form>
  );
}
