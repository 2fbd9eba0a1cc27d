"use client";

import type { ReactNode } from "react";
import { FieldShell, inputClasses } from "@/components/auth/form-field";

/*
 * The one field every code is typed into (docs/product-rules.md, Screens): the e-mailed codes of
 * sign-up, password reset, recovery and "E-mail me a code", and the authenticator app's codes.
 * One box rather than six: a pasted or autofilled code ("123 456" too) lands whole, a screen reader
 * reads one labelled field, and the screens look alike.
 *
 * `digits`: a 6-digit code; anything else typed or pasted is dropped.
 * `app-or-backup`: a 6-digit code from the app or a backup code (XXXXX-XXXXX, upper case: their
 * alphabet has no look-alikes, lib/accounts/auth/two-factor.ts), so letters and the dash are kept.
 */

export const CODE_LENGTH = 6;
const BACKUP_LENGTH = 11;

type CodeFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  accepts?: "digits" | "app-or-backup";
  error?: string | null;
  hint?: ReactNode;
  labelAside?: ReactNode;
  name?: string;
  autoFocus?: boolean;
};

/** What the field keeps of a typed or pasted value. */
export function cleanCode(raw: string, accepts: CodeFieldProps["accepts"] = "digits"): string {
  if (accepts === "digits") return raw.replace(/\D/g, "").slice(0, CODE_LENGTH);
  return raw.toUpperCase().replace(/[^A-Z0-9-]/g, "").slice(0, BACKUP_LENGTH);
}

export function CodeField({ label, value, onChange, accepts = "digits", error, hint, labelAside, name = "code", autoFocus }: CodeFieldProps) {
  const digits = accepts === "digits";
  return (
    <FieldShell label={label} error={error ?? undefined} hint={hint} labelAside={labelAside}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="text"
          inputMode={digits ? "numeric" : "text"}
          pattern={digits ? "[0-9]*" : undefined}
          maxLength={digits ? CODE_LENGTH : BACKUP_LENGTH}
          autoComplete="one-time-code"
          autoCapitalize={digits ? undefined : "characters"}
          autoCorrect="off"
          spellCheck={false}
          autoFocus={autoFocus}
          value={value}
          // The browser's maxLength would cut "123 456" to "123 45": the whole paste is cleaned instead.
          onPaste={(event) => {
            event.preventDefault();
            const box = event.currentTarget;
            const pasted = event.clipboardData.getData("text");
            const [start, end] = [box.selectionStart ?? value.length, box.selectionEnd ?? value.length];
            onChange(cleanCode(value.slice(0, start) + pasted + value.slice(end), accepts));
          }}
          onChange={(event) => onChange(cleanCode(event.target.value, accepts))}
          className={`${inputClasses} text-center font-mono text-xl tracking-[0.3em] sm:text-xl`}
        />
      )}
    </FieldShell>
  );
}
