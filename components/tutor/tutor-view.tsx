"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useLayoutEffect, useRef, useState, type Dispatch, type KeyboardEvent } from "react";
import { ConfirmDialog } from "@/components/admin/admin-dialog";
import { buttonClasses } from "@/components/ui/button-classes";
import { MESSAGE_MAX } from "./tutor-api";
import type { TutorLesson, ExplainRequest } from "./tutor-lesson";
import { useConversationFollow } from "./follow-conversation";
import { TutorMessageItem } from "./tutor-message";
import { budgetLine, budgetSpent, conversationActivity, currentConversation, type QuestionSource, type ShownConversation, type TutorAction, type TutorState } from "./tutor-state";

const bar = "animate-pulse rounded bg-slate-200 motion-reduce:animate-none";

type Props = {
  lesson: TutorLesson;
  state: TutorState;
  dispatch: Dispatch<TutorAction>;
  onSend: (message: string, source: QuestionSource, explain?: ExplainRequest) => void;
  onStop: () => void;
  onRetryLoad: () => void;
  onDelete: (id: number) => Promise<boolean>;
  onClose: () => void;
  /** In the modal sheet the title is the dialog's. */
  dialog: boolean;
};

/**
 * What the tutor shows, in the column or the sheet: its title and Close, the lesson's conversations
 * (the latest open, "New conversation", earlier ones to reopen or delete), the messages, the
 * suggested first questions, the budget left and the question box. A polite live region announces
 * each finished reply (or that it stopped or failed), never the tokens as they stream.
 */
export function TutorView({ lesson, state, dispatch, onSend, onStop, onRetryLoad, onDelete, onClose, dialog }: Props) {
  const headingId = useId();
  const Title = dialog ? Dialog.Title : "h2";
  return (
    <section aria-labelledby={dialog ? undefined : headingId} className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0">
          {/* In the sheet, Radix names the dialog by the id it gives its title: no id of ours (even undefined) may replace it. */}
          <Title {...(dialog ? {} : { id: headingId })} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
            Lesson tutor
          </Title>
          <p className="truncate text-sm text-slate-600">{lesson.title}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the tutor"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      {state.phase === "loading" ? <Loading /> : null}
      {state.phase === "failed" ? (
        <div className="px-4 py-6">
          <p role="alert" className="text-red-700">
            {state.reason}
          </p>
          <button type="button" onClick={onRetryLoad} className={buttonClasses({ variant: "outline", className: "mt-4" })}>
            Try again
          </button>
        </div>
      ) : null}
      {state.phase === "off" ? (
        <p role="status" className="px-4 py-6 text-slate-700">
          {state.reason}
        </p>
      ) : null}
      {state.phase === "ready" ? <Conversations state={state} dispatch={dispatch} onSend={onSend} onStop={onStop} onDelete={onDelete} /> : null}
      <p role="status" aria-live="polite" className="sr-only">
        {state.announcement}
      </p>
    </section>
  );
}

function Loading() {
  return (
    <div className="flex-1 px-4 py-6">
      <p role="status" className="sr-only">
        Loading the tutor…
      </p>
      <div aria-hidden="true" className="space-y-4">
        <div className={`h-9 w-40 rounded-lg ${bar}`} />
        <div className={`ml-8 h-12 rounded-2xl ${bar}`} />
        <div className={`h-4 w-full ${bar}`} />
        <div className={`h-4 w-full ${bar}`} />
        <div className={`h-4 w-2/3 ${bar}`} />
      </div>
    </div>
  );
}

function Conversations({ state, dispatch, onSend, onStop, onDelete }: Pick<Props, "state" | "dispatch" | "onSend" | "onStop" | "onDelete">) {
  const current = currentConversation(state);
  const earlier = state.conversations.filter((c) => c !== current && c.id > 0);
  const busy = state.turn !== null;
  const latest = useRef<HTMLLIElement>(null);
  const { area, content, newBelow, restart, jump, handlers } = useConversationFollow(conversationActivity(current));

  // A question sent (from the box, a suggestion, Retry, "Explain my answer") is followed from wherever the learner was reading.
  const asking = state.turn?.replyId ?? null;
  useLayoutEffect(() => {
    if (asking !== null) restart();
  }, [asking, restart]);
  // So is another conversation opened, from its end.
  const open = (action: TutorAction) => {
    dispatch(action);
    restart();
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2">
        <button type="button" onClick={() => open({ type: "newConversation" })} disabled={busy || current === null} className={buttonClasses({ variant: "outline", size: "sm" })}>
          New conversation
        </button>
        {earlier.length ? <EarlierConversations conversations={earlier} busy={busy} dispatch={open} onDelete={onDelete} /> : null}
      </div>
      <div className="relative flex min-h-0 flex-1 flex-col">
        {/* Focusable, so the keyboard can scroll back through the conversation. */}
        <div
          ref={area}
          role="region"
          aria-label="Messages"
          tabIndex={0}
          {...handlers}
          onTouchCancel={handlers.onTouchEnd}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          <div ref={content}>
            {current && current.messages.length ? (
              <ol aria-label={`Conversation: ${current.title}`} className="space-y-4">
                {current.messages.map((message, i) => (
                  <TutorMessageItem
                    key={message.id}
                    ref={i === current.messages.length - 1 ? latest : undefined}
                    message={message}
                    retryDisabled={busy || budgetSpent(state.budget)}
                    onRetry={(m) => m.retry && onSend(m.retry.message, "retry", m.retry.explain)}
                  />
                ))}
              </ol>
            ) : (
              <div>
                <p className="text-slate-700">Ask anything about this lesson: the tutor answers from what it teaches.</p>
                {state.suggestions.length ? (
                  <ul aria-label="Suggested questions" className="mt-4 flex flex-col items-start gap-2">
                    {state.suggestions.map((suggestion) => (
                      <li key={suggestion}>
                        <button
                          type="button"
                          onClick={() => onSend(suggestion, "suggestion")}
                          disabled={busy || budgetSpent(state.budget)}
                          className={buttonClasses({ variant: "secondary", size: "sm", className: "text-left" })}
                        >
                          {suggestion}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            )}
          </div>
        </div>
        {newBelow ? (
          <button
            type="button"
            onClick={() => {
              jump();
              // Focus goes with the learner to what they came down for, not lost with the pill.
              latest.current?.focus({ preventScroll: true });
            }}
            className={buttonClasses({ size: "sm", className: "absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-lg" })}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M12 5v14M6 13l6 6 6-6" />
            </svg>
            New reply
          </button>
        ) : null}
        <p role="status" aria-live="polite" className="sr-only">
          {newBelow ? "New reply below." : ""}
        </p>
      </div>
      <Composer state={state} dispatch={dispatch} onSend={onSend} onStop={onStop} />
    </>
  );
}

function EarlierConversations({ conversations, busy, dispatch, onDelete }: { conversations: ShownConversation[]; busy: boolean } & Pick<Props, "dispatch" | "onDelete">) {
  const [confirming, setConfirming] = useState<ShownConversation | null>(null);
  const [deleting, setDeleting] = useState(false);
  const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <details className="group w-full">
      <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-slate-100">
        Earlier conversations ({conversations.length})
      </summary>
      <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
        {conversations.map((c) => (
          <li key={c.id} className="flex items-center gap-1">
            <button
              type="button"
              disabled={busy}
              onClick={() => dispatch({ type: "openConversation", id: c.id })}
              className="min-h-10 min-w-0 flex-1 rounded-lg px-2 py-1 text-left text-sm hover:bg-slate-100 disabled:opacity-60"
            >
              <span className="block truncate font-medium text-slate-900">{c.title}</span>
              <span className="block text-xs text-slate-600">{dateFormat.format(new Date(c.updated_at))}</span>
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setConfirming(c)}
              aria-label={`Delete conversation: ${c.title}`}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-60"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Delete this conversation?"
        description={`"${confirming?.title ?? ""}" and its replies are deleted for good.`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={deleting}
        onConfirm={async () => {
          if (!confirming) return;
          setDeleting(true);
          const ok = await onDelete(confirming.id);
          setDeleting(false);
          if (ok) setConfirming(null);
        }}
      />
    </details>
  );
}

function Composer({ state, dispatch, onSend, onStop }: Pick<Props, "state" | "dispatch" | "onSend" | "onStop">) {
  const boxId = useId();
  const errorId = useId();
  const budgetId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const streaming = state.turn !== null;
  const spent = budgetSpent(state.budget);
  const over = state.draft.length > MESSAGE_MAX;

  function submit() {
    if (streaming) return;
    onSend(state.draft, "draft");
  }

  // A refused or invalid question: back to the box, where the reason is read with it.
  useEffect(() => {
    if (state.inputError || state.notice) box.current?.focus();
  }, [state.inputError, state.notice]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="border-t border-slate-200 px-4 py-3"
    >
      {state.notice ? (
        <p role="alert" className="mb-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.notice}
        </p>
      ) : null}
      {state.budget ? (
        <p id={budgetId} className={`mb-2 text-sm ${spent ? "font-medium text-amber-900" : "text-slate-600"}`}>
          {budgetLine(state.budget)}
        </p>
      ) : null}
      <label htmlFor={boxId} className="text-sm font-semibold text-slate-900">
        Ask the tutor
      </label>
      <textarea
        ref={box}
        id={boxId}
        value={state.draft}
        onChange={(event) => dispatch({ type: "typed", text: event.target.value })}
        onKeyDown={onKeyDown}
        rows={3}
        disabled={spent}
        aria-invalid={state.inputError ? true : undefined}
        aria-describedby={[state.inputError ? errorId : null, state.budget ? budgetId : null].filter(Boolean).join(" ") || undefined}
        placeholder="Enter sends, Shift+Enter adds a line"
        className="mt-1 block w-full resize-none rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100 aria-invalid:border-red-600"
      />
      <div className="mt-2 flex items-start justify-between gap-3">
        <p id={errorId} className={`text-sm ${state.inputError ? "text-red-700" : over ? "text-red-700" : "text-slate-600"}`}>
          {state.inputError ?? (state.draft.length > MESSAGE_MAX - 200 ? `${state.draft.length} / ${MESSAGE_MAX}` : null)}
        </p>
        {/* One button that turns from Send into Stop and back, so focus stays on it. */}
        <button
          type={streaming ? "button" : "submit"}
          onClick={streaming ? onStop : undefined}
          disabled={spent && !streaming}
          className={buttonClasses({ variant: streaming ? "outline" : "primary", className: "min-w-24 shrink-0" })}
        >
          {streaming ? "Stop" : "Send"}
        </button>
      </div>
    </form>
  );
}
