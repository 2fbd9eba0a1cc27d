"use client";

import { ClientMarkdown } from "@/components/markdown/client-markdown";
import { InlineCode } from "@/components/ui/inline-code";
import { buttonClasses } from "@/components/ui/button-classes";
import type { Ref } from "react";
import type { ShownMessage } from "./tutor-state";

// Focusable from script only: "New reply" takes focus to the newest message.
const focusable = { tabIndex: -1 } as const;
const focusRing = "focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600";

/**
 * One message of a conversation. The learner's shows as typed; the tutor's as markdown once it has
 * arrived (plain text while it streams, so half a code fence never renders as a broken block),
 * then its hint, and what became of it: stopped, failed (with Retry: a failure costs nothing), or cut
 * off by the connection (with "Ask again").
 */
export function TutorMessageItem({ message, onRetry, retryDisabled, ref }: { message: ShownMessage; onRetry: (m: ShownMessage) => void; retryDisabled: boolean; ref?: Ref<HTMLLIElement> }) {
  if (message.role === "learner") {
    return (
      <li ref={ref} {...focusable} className={`ml-8 rounded-2xl rounded-br-sm bg-brand-50 px-4 py-2.5 text-slate-900 ${focusRing}`}>
        <p className="sr-only">You asked:</p>
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
      </li>
    );
  }
  const streaming = message.live === "streaming";
  return (
    <li ref={ref} {...focusable} className={`min-w-0 rounded-sm ${focusRing}`} aria-busy={streaming || undefined}>
      <p className="sr-only">The tutor:</p>
      {message.content ? (
        streaming || message.live === "interrupted" ? (
          <p className="leading-7 break-words whitespace-pre-wrap text-slate-800">{message.content}</p>
        ) : (
          <div className="min-w-0 break-words [&>div>*:first-child]:mt-0">
            <ClientMarkdown content={message.content} topLevel={4} />
          </div>
        )
      ) : streaming ? (
        <p className="text-slate-600">
          <span className="inline-block animate-pulse motion-reduce:animate-none">Thinking…</span>
        </p>
      ) : null}
      {message.hint ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950">
          <span className="font-semibold">Hint: </span>
          <InlineCode text={message.hint} />
        </p>
      ) : null}
      {message.status === "guarded" && !message.hint && !streaming ? (
        <p className="mt-2 text-sm text-slate-600">The tutor stopped here so as not to give away a quiz answer.</p>
      ) : null}
      {message.status === "stopped" && !message.live ? <p className="mt-2 text-sm font-medium text-slate-600">Reply stopped.</p> : null}
      {message.status === "failed" || (message.error && message.live !== "interrupted") ? (
        <div className="mt-2 text-sm">
          <p className="font-medium text-red-700">{message.error ?? "The tutor could not finish this reply."}</p>
          {message.status === "failed" && message.retry && !message.live ? (
            <>
              <p className="mt-1 text-slate-600">This did not count toward today&rsquo;s questions.</p>
              <button type="button" onClick={() => onRetry(message)} disabled={retryDisabled} className={buttonClasses({ variant: "outline", size: "sm", className: "mt-2" })}>
                Retry
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {message.live === "interrupted" ? (
        <div className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>
            <span aria-hidden="true">⚠ </span>
            {message.error ?? "The connection was lost before the reply finished."} What arrived is kept above.
          </p>
          {message.retry ? (
            <button type="button" onClick={() => onRetry(message)} disabled={retryDisabled} className={buttonClasses({ variant: "outline", size: "sm", className: "mt-2" })}>
              Ask again
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
