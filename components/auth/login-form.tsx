"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState, type FormEvent } from "react";
import { authLinkClasses } from "@/components/auth/auth-card";
import { CodeField } from "@/components/auth/code-field";
import { FormAlert, FormField } from "@/components/auth/form-field";
import { LostAuthenticator } from "@/components/auth/lost-authenticator";
import { PasswordInput } from "@/components/auth/password-input";
import { buttonClasses } from "@/components/ui/button-classes";
import { useSignedUpEmail } from "@/components/ui/signed-up-email";
import { toastError } from "@/components/ui/toaster";
import { signInWithPassword } from "@/client/auth";
import { destinationAfterLogin } from "@/lib/platform/navigation/callback-url";
import { lazyFieldCheck } from "@/client/lazy-field-check";

const LOGIN_FAILED = "Invalid email or password.";

/** Where to go after login: a same-origin ?callbackUrl= the role may open, else the role's home. */
function destinationFor(role: unknown): string {
  return destinationAfterLogin(new URLSearchParams(window.location.search).get("callbackUrl"), role);
}

const fields = lazyFieldCheck(() => import("@/lib/accounts/schemas").then((m) => m.loginSchema));

const FIELDS = ["email", "password"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/*
 * E-mail and password; when the account has two-factor sign-in on, a second step asks for the
 * authenticator app's code (or a backup code) and sends all three again; from there, "I lost my
 * authenticator" starts a recovery (./lost-authenticator.tsx). Validated as the other
 * account forms are (a field once left, then on every change; all of them on submit), without
 * react-hook-form: this page's first-load JavaScript is the largest of the public pages.
 */
/** Which step the form is on: the card's heading follows it (./login-card.tsx). */
export type LoginStep = "password" | "code" | "recovery";

export function LoginForm({ onStep }: { onStep?: (step: LoginStep) => void }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [askCode, setAskCodeState] = useState(false);
  const [recovering, setRecoveringState] = useState(false);
  const setAskCode = (on: boolean) => {
    setAskCodeState(on);
    onStep?.(on ? "code" : "password");
  };
  const setRecovering = (on: boolean) => {
    setRecoveringState(on);
    onStep?.(on ? "recovery" : askCode ? "code" : "password");
  };
  const [otp, setOtp] = useState("");
  const [values, setValues] = useState<Values>({ email: "", password: "" });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  useSignedUpEmail(useCallback((email: string) => setValues((current) => ({ ...current, email })), []));

  async function recheck(field: Field, next: Values) {
    const result = await fields.check(next).catch(() => null);
    if (result) setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.errors[field] }));
  }

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      if (touched.has(field)) void recheck(field, next);
    },
    onBlur: () => {
      setTouched((current) => new Set(current).add(field));
      void recheck(field, values);
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    setSubmitting(true);
    try {
      await submit(form);
    } finally {
      setSubmitting(false);
    }
  }

  async function submit(form: HTMLFormElement) {
    const checked = await fields.check(values).catch(() => null);
    if (!checked) {
      setFailure("Could not check the form. Check your connection and try again.");
      return;
    }
    setTouched(new Set(FIELDS));
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELDS.find((field) => checked.errors[field]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    await signIn(checked.data);
  }

  async function signIn({ email, password }: Values) {
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
  }

  // Stays busy after success until the next page replaces this one.
  const busy = isSubmitting || redirecting;

  if (recovering) return <LostAuthenticator email={values.email} password={values.password} onBack={() => setRecovering(false)} />;

  return (
    <form noValidate onSubmit={onSubmit} onFocusCapture={fields.preload} className="space-y-5">
      <FormAlert message={failure} />
      <div hidden={askCode} className="space-y-5">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...fieldProps("email")}
        />
        <PasswordInput label="Password" autoComplete="current-password" {...fieldProps("password")} />
        <p className="-mt-2 text-right text-sm">
          <Link href="/forgot-password" className={authLinkClasses}>
            Forgot password?
          </Link>
        </p>
      </div>
      {askCode ? (
        <CodeField
          label="Authentication code"
          accepts="app-or-backup"
          hint="The 6-digit code from your authenticator app, or one of your backup codes."
          autoFocus
          name="otp"
          value={otp}
          onChange={setOtp}
          labelAside={
            <button type="button" onClick={() => setRecovering(true)} className={`text-sm ${authLinkClasses}`}>
              I lost my authenticator
            </button>
          }
        />
      ) : null}
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "lg", className: "w-full" })}>
        {busy ? "Logging in..." : askCode ? "Verify" : "Login"}
      </button>
    </form>
  );
}
