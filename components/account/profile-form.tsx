"use client";

// My Account: edit the first and last name (PUT /users/me), see the e-mail (not editable), and start a
// password change (POST /users/me/password-reset-code, then /verify-code). Initial values come from the
// server page; nothing about the user is read from browser storage.
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, type FieldError, type UseFormRegisterReturn } from "react-hook-form";
import { buttonClasses } from "@/components/ui/button-link";
import { TOAST_DURATION_MS, toastError, toastSuccess } from "@/components/ui/toaster";
import { ApiError, call } from "@/client/api";
import { lazyZodResolver } from "@/client/lazy-zod-resolver";
import type { ProfileInput } from "@/lib/accounts/schemas";
import { Icon } from "@/components/ui/icons";

const resolver = lazyZodResolver(() => import("@/lib/accounts/schemas").then((m) => m.profileSchema));

const UPDATE_FALLBACK = "Failed to update user details.";
const RESET_CODE_FALLBACK = "Something went wrong. Please try again.";
/** Redirect to /verify-code 1000 ms after the reset code was sent (docs/product-rules.md, Screens). */
const RESET_REDIRECT_MS = 1000;

const INPUT_BASE = "mt-1.5 block min-h-11 w-full rounded-lg border px-3 py-2 text-base";
const INPUT_CLASS = `${INPUT_BASE} border-slate-300 bg-white text-slate-900 shadow-sm focus:border-brand-600 aria-invalid:border-red-600`;
const READONLY_INPUT_CLASS = `${INPUT_BASE} cursor-default border-slate-200 bg-slate-100 text-slate-700`;

export function ProfileForm({ firstName, lastName, email }: { firstName: string; lastName: string; email: string }) {
  const router = useRouter();
  const id = useId();
  const [banner, setBanner] = useState<string | null>(null);
  const [resetState, setResetState] = useState<"idle" | "sending" | "sent">("idle");
  const redirectTimer = useRef<number | undefined>(undefined);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
    resolver,
    mode: "onTouched",
    defaultValues: { first_name: firstName, last_name: lastName },
  });

  // The failure banner vanishes like the toasts, after 2 s (docs/product-rules.md, Screens).
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    try {
      const user = await call("PUT /users/me", {
        json: { first_name: values.first_name, last_name: values.last_name },
        fallback: UPDATE_FALLBACK,
      });
      reset({ first_name: user.first_name, last_name: user.last_name });
      toastSuccess("User Details Updated Successfully.");
      // Re-render the server parts (the header shows the name).
      router.refresh();
    } catch (error) {
      setBanner(error instanceof ApiError ? error.message : UPDATE_FALLBACK);
    }
  });

  async function requestPasswordChange() {
    setResetState("sending");
    try {
      const response = await call("POST /users/me/password-reset-code", { fallback: RESET_CODE_FALLBACK });
      try {
        window.sessionStorage.setItem("reset_email", email);
        window.sessionStorage.removeItem("reset_token");
      } catch {
        // Storage unavailable (privacy mode): the code is sent all the same.
      }
      setResetState("sent");
      toastSuccess(response?.message || "Reset code sent successfully.");
      redirectTimer.current = window.setTimeout(() => {
        router.push("/verify-code");
      }, RESET_REDIRECT_MS);
    } catch (error) {
      setResetState("idle");
      toastError(error instanceof ApiError ? error.message : RESET_CODE_FALLBACK);
    }
  }

  function cancel() {
    // Back only to a page of this app: opened directly (typed, bookmarked, a new tab: no same-origin
    // referrer), history.back() would leave the app, so the dashboard is the sensible "back".
    if (sameOriginReferrer() && window.history.length > 1) router.back();
    else router.push("/dashboard");
  }

  const emailNoteId = `${id}-email-note`;

  return (
    <div className="mt-8 space-y-8">
      <section aria-labelledby={`${id}-profile`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id={`${id}-profile`} className="text-lg font-semibold text-slate-900">
          Profile details
        </h2>

        {banner ? (
          <div
            role="alert"
            className="mt-4 flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            <Icon name="sadFace" className="size-5 shrink-0" />
            <p>{banner}</p>
          </div>
        ) : null}

        <form noValidate onSubmit={onSubmit} onFocusCapture={resolver.preload} className="mt-5 space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id={`${id}-first-name`}
              label="First Name"
              autoComplete="given-name"
              error={errors.first_name}
              registration={register("first_name")}
            />
            <TextField
              id={`${id}-last-name`}
              label="Last Name"
              autoComplete="family-name"
              error={errors.last_name}
              registration={register("last_name")}
            />
          </div>

          <div>
            <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
              Email
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              value={email}
              readOnly
              aria-readonly="true"
              aria-describedby={emailNoteId}
              className={READONLY_INPUT_CLASS}
            />
            <p id={emailNoteId} className="mt-1.5 text-sm text-slate-600">
              Your email address can&apos;t be changed.
            </p>
          </div>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={cancel} className={buttonClasses({ variant: "outline" })}>
              Cancel
            </button>
            <button type="submit" disabled={isSubmitting} className={buttonClasses()}>
              {isSubmitting ? "Saving..." : "Save"}
            </button>
          </div>
        </form>
      </section>

      <section aria-labelledby={`${id}-password`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id={`${id}-password`} className="text-lg font-semibold text-slate-900">
          Password
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          We&apos;ll send a 6-digit code to <span className="font-semibold text-slate-900">{email}</span> so you can
          choose a new password.
        </p>
        <button
          type="button"
          onClick={requestPasswordChange}
          disabled={resetState !== "idle"}
          className={buttonClasses({ variant: "secondary", className: "mt-4 w-full sm:w-auto" })}
        >
          {resetState === "sending" ? "Sending code..." : resetState === "sent" ? "Code sent" : "Change Password"}
        </button>
      </section>
    </div>
  );
}

function TextField({
  id,
  label,
  autoComplete,
  error,
  registration,
}: {
  id: string;
  label: string;
  autoComplete: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="text"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={INPUT_CLASS}
        {...registration}
      />
      {error?.message ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

function sameOriginReferrer(): boolean {
  try {
    return document.referrer !== "" && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
