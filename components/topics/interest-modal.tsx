"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { TopicIcon } from "@/components/ui/icons";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { call } from "@/client/api";

/** The sessionStorage flag that keeps the modal closed for the rest of the browser session once skipped. */
export const INTEREST_MODAL_SKIPPED_KEY = "interestModalSkipped";

const SUBMIT_FAILED = "Failed to submit selected topics.";

function subscribeToStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

function skippedInThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(INTEREST_MODAL_SKIPPED_KEY) !== null;
  } catch {
    return false; // storage blocked: show the modal, skipping still closes it for this page
  }
}

function rememberSkip() {
  try {
    window.sessionStorage.setItem(INTEREST_MODAL_SKIPPED_KEY, "true");
  } catch {
    // storage blocked: the modal simply comes back on the next visit
  }
}

/**
 * The one-time 'Select Your Interests' modal (docs/product-rules.md). The dashboard renders it only for a learner
 * without interests; it opens on mount unless skipped earlier in this browser session. Skip, Escape and the
 * close button all count as skipping. Submitting saves the chosen topics and refreshes the dashboard.
 */
export function InterestModal({ topics }: { topics: { id: number; title: string; description: ReactNode }[] }) {
  const router = useRouter();
  // Closed on the server and during hydration; reads sessionStorage once the page is interactive.
  const skipped = useSyncExternalStore(subscribeToStorage, skippedInThisSession, () => true);
  const [closed, setClosed] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [busy, setBusy] = useState(false);

  const open = !skipped && !closed;

  function skip() {
    rememberSkip();
    setClosed(true);
  }

  function toggle(id: number) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  async function submit() {
    if (selected.size === 0 || busy) return;
    setBusy(true);
    try {
      const result = await call("POST /users/topic-preference", {
        json: { topic_ids: [...selected] },
        fallback: SUBMIT_FAILED,
      });
      toastSuccess(result?.message || "Your interests were saved.");
      setClosed(true);
      router.refresh();
    } catch (error) {
      toastError(error instanceof Error && error.message ? error.message : SUBMIT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) skip();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          // A click outside should not silently throw the one-time choice away: Skip, Escape or × do that.
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 pt-6 pb-4">
            <div>
              <Dialog.Title className="text-xl font-bold text-slate-900 sm:text-2xl">Select Your Interests</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                Choose the topics you want to learn about and we will recommend courses that fit you.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              disabled={busy}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>

          <div className="overflow-y-auto px-6 py-5">
            {topics.length === 0 ? (
              <p className="text-slate-700">No topics available at the moment.</p>
            ) : (
              <ul role="list" aria-label="Topics" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {topics.map((topic) => {
                  const pressed = selected.has(topic.id);
                  return (
                    <li key={topic.id}>
                      <button
                        type="button"
                        aria-pressed={pressed}
                        onClick={() => toggle(topic.id)}
                        className={`flex min-h-12 w-full items-center gap-3 rounded-xl border-2 px-4 py-2.5 text-left text-sm font-medium transition-colors ${
                          pressed
                            ? "border-brand-600 bg-brand-50 text-brand-800"
                            : "border-slate-200 bg-white text-slate-800 hover:border-brand-600"
                        }`}
                      >
                        <TopicIcon topicId={topic.id} className="size-6 shrink-0 text-brand-700" />
                        <span className="flex-1">{topic.title}</span>
                        <span
                          aria-hidden="true"
                          className={`flex size-5 shrink-0 items-center justify-center rounded-full text-xs ${
                            pressed ? "bg-brand-600 text-white" : "ring-1 ring-slate-300"
                          }`}
                        >
                          {pressed ? "✓" : ""}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>

          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
            <p aria-live="polite" className="text-sm text-slate-600">
              {selected.size === 0
                ? "Select at least one topic."
                : `${selected.size} ${selected.size === 1 ? "topic" : "topics"} selected.`}
            </p>
            <div className="flex gap-3">
              <button type="button" onClick={skip} disabled={busy} className={buttonClasses({ variant: "outline", className: "flex-1 sm:flex-none" })}>
                Skip
              </button>
              <button
                type="button"
                onClick={submit}
                disabled={selected.size === 0 || busy}
                aria-busy={busy || undefined}
                className={buttonClasses({ className: "flex-1 sm:flex-none" })}
              >
                {busy ? "Saving..." : "Submit"}
              </button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
