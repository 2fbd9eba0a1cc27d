"use client";

import { useState, type ComponentProps, type ReactNode } from "react";
import { FieldShell, inputClasses } from "@/components/auth/form-field";

type PasswordInputProps = Omit<ComponentProps<"input">, "type" | "children"> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  labelAside?: ReactNode;
  /** What the toggle names: "Show password" by default, e.g. "confirm password" for a second field. */
  toggleNoun?: string;
};

/** A labelled password input with a show/hide toggle; spread react-hook-form's `register(name)` into it. */
export function PasswordInput({
  label,
  error,
  hint,
  labelAside,
  toggleNoun = "password",
  id,
  className,
  disabled,
  ...inputProps
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);

  return (
    <FieldShell label={label} error={error} hint={hint} labelAside={labelAside} id={id}>
      {(control) => (
        <div className="relative">
          <input
            {...inputProps}
            {...control}
            disabled={disabled}
            type={visible ? "text" : "password"}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className={[inputClasses, "pr-12", className].filter(Boolean).join(" ")}
          />
          <button
            type="button"
            aria-label={`${visible ? "Hide" : "Show"} ${toggleNoun}`}
            aria-pressed={visible}
            aria-controls={control.id}
            disabled={disabled}
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 disabled:opacity-60"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {visible ? (
                <>
                  <path d="M3 3l18 18" />
                  <path d="M10.6 5.1A10.4 10.4 0 0 1 12 5c5 0 9 4.5 10 7a13 13 0 0 1-3.2 4.2M6.6 6.6A13 13 0 0 0 2 12c1 2.5 5 7 10 7a10 10 0 0 0 5.4-1.6" />
                  <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
                </>
              ) : (
                <>
                  <path d="M2 12c1-2.5 5-7 10-7s9 4.5 10 7c-1 2.5-5 7-10 7S3 14.5 2 12Z" />
                  <circle cx="12" cy="12" r="3" />
                </>
              )}
            </svg>
          </button>
        </div>
      )}
    </FieldShell>
  );
}
