"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert, FormField } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { call } from "@/client/api";
import { lazyZodResolver } from "@/client/lazy-zod-resolver";

const FALLBACK = "Something went wrong. Please try again.";

const resolver = lazyZodResolver(() => import("@/lib/accounts/schemas").then((m) => m.signUpFormSchema));

export function SignUpForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    mode: "onTouched",
    defaultValues: { first_name: "", last_name: "", email: "", password: "", confirm_password: "" },
  });

  const onSubmit = handleSubmit(async ({ first_name, last_name, email, password }) => {
    setFailure(null);
    let signupToken: string | undefined;
    try {
      // The send carries the sign-up values; the server keeps them (the password sealed with the
      // token it answers) until the code is verified with that token.
      ({ signup_token: signupToken } = await call("POST /register/send-code", {
        json: { email, first_name, last_name, password },
        fallback: FALLBACK,
      }));
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : FALLBACK;
      setFailure(message);
      toastError(message);
      return;
    }
    setLeaving(true);
    // Never the password: what the verification screen shows and resends to, and the token that
    // makes this sign-up (and no one else's) the one the code completes.
    sessionStorage.setItem("newUserData", JSON.stringify({ first_name, last_name, email, signup_token: signupToken }));
    toastSuccess(`A verification code has been sent to: ${email}`);
    router.push("/sign-up-verify-code");
  });

  const busy = isSubmitting || leaving;

  return (
    <form noValidate onSubmit={onSubmit} onFocusCapture={resolver.preload} className="space-y-5">
      <FormAlert message={failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First Name" autoComplete="given-name" error={errors.first_name?.message} {...register("first_name")} />
        <FormField label="Last Name" autoComplete="family-name" error={errors.last_name?.message} {...register("last_name")} />
      </div>
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
        {busy ? "Sending code..." : "Sign Up"}
      </button>
    </form>
  );
}
