"use client";

import { useRef, type ClipboardEvent, type KeyboardEvent } from "react";

export const OTP_LENGTH = 6;

type OtpInputProps = {
  /** One entry per box: "" or a single digit. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  legend: string;
  /** id of an element describing the group (its error message). */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
};

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => "");

/*
 * Six single-digit boxes, one per digit of the e-mailed code: digits only, one per box, focus moves on after a
 * digit, Backspace in an empty box moves back, and a pasted or autofilled code fills the boxes.
 */
export function OtpInput({ value, onChange, legend, describedBy, invalid, disabled }: OtpInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  function focusBox(index: number) {
    const box = refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  /** Writes `digits` into the boxes from `start` on and moves focus past the last one written. */
  function fillFrom(start: number, digits: string) {
    const next = Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? "");
    const chars = digits.slice(0, OTP_LENGTH - start).split("");
    chars.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focusBox(start + chars.length);
  }

  function handleChange(index: number, raw: string) {
    const digits = raw.replace(/\D/g, "");
    const previous = value[index] ?? "";
    if (digits.length === 0) {
      // A non-digit typed into an empty box leaves it empty; clearing the box clears the digit.
      if (raw === "" && previous !== "") onChange(value.map((d, i) => (i === index ? "" : d)));
      return;
    }
    if (digits.length === 1) return fillFrom(index, digits);
    // Typing into a filled box with the caret beside the old digit gives two: keep the new one.
    if (digits.length === 2 && previous !== "" && digits.includes(previous)) {
      return fillFrom(index, digits[0] === previous ? digits.slice(1) : digits.slice(0, 1));
    }
    // Several digits at once (autofill of a one-time code): spread them from the first box when whole.
    fillFrom(digits.length >= OTP_LENGTH ? 0 : index, digits);
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const digits = event.clipboardData.getData("text").replace(/\D/g, "");
    if (!digits) return;
    fillFrom(digits.length >= OTP_LENGTH ? 0 : index, digits);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "Backspace":
        if ((value[index] ?? "") === "" && index > 0) {
          event.preventDefault();
          focusBox(index - 1);
        }
        break;
      case "ArrowLeft":
        event.preventDefault();
        focusBox(index - 1);
        break;
      case "ArrowRight":
        event.preventDefault();
        focusBox(index + 1);
        break;
      case "Home":
        event.preventDefault();
        focusBox(0);
        break;
      case "End":
        event.preventDefault();
        focusBox(OTP_LENGTH - 1);
        break;
    }
  }

  return (
    <fieldset aria-describedby={describedBy} disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex gap-2 sm:gap-3">
        {Array.from({ length: OTP_LENGTH }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={value[index] ?? ""}
            onChange={(event) => handleChange(index, event.target.value)}
            onPaste={(event) => handlePaste(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
            className="h-12 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white text-center font-mono text-xl font-semibold text-slate-900 shadow-sm hover:border-slate-400 disabled:bg-slate-50 aria-invalid:border-red-600 sm:h-14 sm:text-2xl"
          />
        ))}
      </div>
    </fieldset>
  );
}
