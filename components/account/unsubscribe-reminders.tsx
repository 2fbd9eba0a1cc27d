"use client";
import Link from "next/link";
import { useState, useSyncExternalStore } from "react";
import { authLinkClasses } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-field";
import { linkToken } from "@/components/auth/link-token";
import { buttonClasses } from "@/components/ui/button-classes";
import { call } from "@/client/api";
import type { MailList } from "@/lib/accounts/schemas";

const FALLBACK = "Could not unsubscribe. Please try again.";
const noSubscription = () => () => {};
const INCOMPLETE = "This unsubscribe link is incomplete. Open the whole link from the e-mail, or turn reminders off in My Account.";

/** Which e-mails the link stops (its #list=, absent for the reminders'), as the button says it. */
const BUTTON: Record<MailList, string> = { reminders: "Unsubscribe from reminders", "course-ready": "Unsubscribe from course-ready e-mails" };
const isMailList = (name: string): name is MailList => Object.hasOwn(BUTTON, name);

/**
 * The reminder and course-ready e-mails' unsubscribe link lands here: a button, because mail
 * scanners open links and opening one must change nothing. The button posts the link's token and
 * list (read from the #fragment) to the same endpoint as the mail client's one-click unsubscribe.
 */
export function UnsubscribeReminders() {
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The fragment is the browser's alone: read after hydration, the reminders' words until then.
  const list = useSyncExternalStore<MailList>(
    noSubscription,
    () => {
      const named = linkToken("list");
      return isMailList(named) ? named : "reminders";
    },
    () => "reminders",
  );

  async function unsubscribe() {
    if (busy) return;
    const token = linkToken("token");
    if (!token) return setFailure(INCOMPLETE);
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await call("POST /reminders/unsubscribe", { query: { token, list: list === "reminders" ? undefined : list }, fallback: FALLBACK });
      setDone(message);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : FALLBACK);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-5">
      <div aria-live="polite">
        {done ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950">
            {done}
          </p>
        ) : null}
      </div>
      {done ? (
        <Link href="/dashboard/my-account#daily-goal" className={authLinkClasses}>
          Go to My Account
        </Link>
      ) : (
        <>
          <FormAlert message={failure} />
          <button type="button" disabled={busy} onClick={() => void unsubscribe()} className={buttonClasses({ size: "lg", className: "w-full" })}>
            {busy ? "Unsubscribing..." : BUTTON[list]}
          </button>
        </>
      )}
    </div>
  );
}
