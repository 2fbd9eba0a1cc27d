"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { getSession, signIn } from "next-auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { authLinkClasses } from "@/components/auth/auth-card";
import { FormAlert, FormField } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { buttonClasses } from "@/components/ui/button-link";
import { useSignedUpEmail } from "@/components/ui/signed-up-email";
import { toastError } from "@/components/ui/toaster";
import { destinationAfterLogin } from "@/lib/navigation/callback-url";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";

const LOGIN_FAILED = "Invalid email or password.";

/** Where to go after login: a same-origin ?callbackUrl= the role may open, else the role's home. */
function destinationFor(role: unknown): string {
  return destinationAfterLogin(new URLSearchParams(window.location.search).get("callbackUrl"), role);
}

const resolver = lazyZodResolver(() => import("@/lib/validation/accounts").then((m) => m.loginSchema));

export function LoginForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, mode: "onTouched", defaultValues: { email: "", password: "" } });
  useSignedUpEmail((email) => setValue("email", email));

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    let message: string | null = null;
    try {
      const res = await signIn("credentials", { email, password, redirect: false });
      // next-auth's own "CredentialsSignin" means authorize() said no without a message.
      if (!res?.ok || res.error) message = res?.error && res.error !== "CredentialsSignin" ? res.error : LOGIN_FAILED;
    } catch {
      message = LOGIN_FAILED;
    }
    if (message) {
      setFailure(message);
      toastError(message);
      return;
    }
    setRedirecting(true);
    const session = await getSession();
    const role = session?.user?.role;
    router.replace(destinationFor(role));
    router.refresh();
  });

  // Stays busy after success until the next page replaces this one.
  const busy = isSubmitting || redirecting;

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
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className={authLinkClasses}>
          Forgot password?
        </Link>
      </p>
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
        {busy ? "Logging in..." : "Login"}
      </button>
    </form>
  );
}
