"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authLinkClasses } from "@/components/auth/auth-card";
import { FormAlert, FormField } from "@/components/auth/form-field";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { call } from "@/client/api";
import { lazyZodResolver } from "@/client/lazy-zod-resolver";

const FALLBACK = "Failed to send reset code.";

const resolver = lazyZodResolver(() => import("@/lib/accounts/schemas").then((m) => m.emailOnlySchema));

export function ForgotPasswordForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, mode: "onTouched", defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    let message: string | undefined;
    try {
      ({ message } = await call("POST /forgot-password/send-code", {
        json: { email },
        fallback: FALLBACK,
      }));
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : FALLBACK;
      setFailure(text);
      toastError(text);
      return;
    }
    setLeaving(true);
    sessionStorage.setItem("reset_email", email);
    sessionStorage.removeItem("reset_token");
    toastSuccess(message || "Reset code sent successfully.");
    router.push("/verify-code");
  });

  const busy = isSubmitting || leaving;

  return (
    <form noValidate onSubmit={onSubmit} onFocusCapture={resolver.preload} className="space-y-5">
      <FormAlert message={failure} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
        {busy ? "Sending..." : "Reset password"}
      </button>
      <p className="text-center text-sm">
        <Link href="/login" className={authLinkClasses}>
          Back to log in
        </Link>
      </p>
    </form>
  );
}
