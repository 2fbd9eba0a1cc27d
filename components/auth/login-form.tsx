"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authLinkClasses } from "@/components/auth/auth-card";
import { FormAlert, FormField } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { buttonClasses } from "@/components/ui/button-link";
import { useSignedUpEmail } from "@/components/ui/signed-up-email";
import { toastError } from "@/components/ui/toaster";
import { signInWithPassword } from "@/lib/client/auth";
import { destinationAfterLogin } from "@/lib/navigation/callback-url";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";

const LOGIN_FAILED = "Invalid email or password.";

/** Where to go after login: a same-origin ?callbackUrl= the role may open, else the role's home. */
function destinationFor(role: unknown): string {
  return destinationAfterLogin(new URLSearchParams(window.location.search).get("callbackUrl"), role);
}

const resolver = lazyZodResolver(() => import("@/lib/validation/accounts").then((m) => m.loginSchema));

/*
 * E-mail and password; when the account has two-factor sign-in on, a second step asks for the
 * authenticator app's code (or a backup code) and sends all three again.
 */
export function LoginForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const [otp, setOtp] = useState("");
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, mode: "onTouched", defaultValues: { email: "", password: "" } });
  useSignedUpEmail((email) => setValue("email", email));

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const code = otp.trim();
    if (askCode && !code) {
      setFailure("Enter the code from your authenticator app.");
      return;
    }
    const result = await signInWithPassword({ email, password, ...(askCode ? { otp: code } : {}) }, LOGIN_FAILED);
    if (!result.ok) {
      if (result.twoFactorRequired) {
        setAskCode(true);
        return;
      }
      setFailure(result.message);
      toastError(result.message);
      return;
    }
    setRedirecting(true);
    router.replace(destinationFor(result.role));
    router.refresh();
  });

  // Stays busy after success until the next page replaces this one.
  const busy = isSubmitting || redirecting;

  return (
    <form noValidate onSubmit={onSubmit} onFocusCapture={resolver.preload} className="space-y-5">
      <FormAlert message={failure} />
      <div hidden={askCode} className="space-y-5">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
        />
        <PasswordInput label="Password" autoComplete="current-password" error={errors.password?.message} {...register("password")} />
        <p className="-mt-2 text-right text-sm">
          <Link href="/forgot-password" className={authLinkClasses}>
            Forgot password?
          </Link>
        </p>
      </div>
      {askCode ? (
        <FormField
          label="Authentication code"
          hint="The 6-digit code from your authenticator app, or one of your backup codes."
          autoComplete="one-time-code"
          autoFocus
          value={otp}
          onChange={(event) => setOtp(event.target.value)}
        />
      ) : null}
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
        {busy ? "Logging in..." : askCode ? "Verify" : "Login"}
      </button>
    </form>
  );
}
