"use client";

import { useState } from "react";
import { CodeField } from "@/components/auth/code-field";
import { buttonClasses } from "@/components/ui/button-link";
import { ApiError, call } from "@/client/api";

/*
 * For an account without a password (organisation sign-in only), in place of the password field
 * where My Account asks for it again: "E-mail me a code" (POST /users/me/confirmation-code) and
 * the field for the 6-digit code it mails, which the form sends as `email_code`.
 */

const SEND_FALLBACK = "Could not send the code. Please try again.";

type MailedCodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal of the send (too many codes, say), for the form's alert. */
  onError: (message: string) => void;
};

export function MailedCodeField({ value, onChange, onError }: MailedCodeFieldProps) {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send() {
    setSending(true);
    try {
      const answer = await call("POST /users/me/confirmation-code", { fallback: SEND_FALLBACK });
      setSentTo(answer.message);
    } catch (error) {
      onError(error instanceof ApiError ? error.message : SEND_FALLBACK);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Your account has no password: confirm it is you with a code we e-mail you.</p>
      <button type="button" onClick={() => void send()} disabled={sending} aria-busy={sending || undefined} className={buttonClasses({ variant: "outline" })}>
        {sending ? "Sending..." : sentTo ? "Send a new code" : "E-mail me a code"}
      </button>
      {sentTo ? (
        <p role="status" className="text-sm text-slate-700">
          {sentTo}
        </p>
      ) : null}
      <CodeField label="Code from the e-mail" name="email_code" value={value} onChange={onChange} />
    </div>
  );
}
