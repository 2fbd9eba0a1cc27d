"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { toastError } from "@/components/ui/toaster";
import { EXPLAIN_MESSAGE, deleteConversation, loadTutor, streamTurn, type TurnEvent } from "./tutor-api";
import type { TutorRequest, ExplainRequest } from "./tutor-lesson";
import { currentConversation, initialTutorState, messageError, tutorReducer, type QuestionSource } from "./tutor-state";
import { useFitToViewport } from "./fit-viewport";
import { TutorView } from "./tutor-view";

/*
 * The lesson tutor, loaded on its first open (tutor-host.tsx): its state (tutor-state.ts), the
 * calls to the API, and its frame: from `xl` up a column beside the page's content (a region named
 * "Lesson tutor", Escape closes it), below that a modal sheet (Radix Dialog: focus stays inside,
 * Escape closes it, focus goes back to the control that opened it). Either fits the part of the
 * screen the learner sees (fit-viewport.ts), keyboard up or not.
 */

const WIDE = "(min-width: 80rem)";

function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const isWide = () => window.matchMedia(WIDE).matches;

export function TutorPanel({ request, open, onClose }: { request: TutorRequest; open: boolean; onClose: () => void }) {
  const [state, dispatch] = useReducer(tutorReducer, initialTutorState);
  // The panel is keyed by its lesson: the first request's lesson is this panel's for good.
  const [lesson] = useState(request.lesson);
  const wide = useSyncExternalStore(subscribeWide, isWide, () => false);
  const turn = useRef<AbortController | null>(null);
  // The sheet's element, once its portal has put it in the page.
  const [sheet, setSheet] = useState<HTMLDivElement | null>(null);
  useFitToViewport(wide ? null : sheet, "sheet");
  const [loadCount, setLoadCount] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    loadTutor(lesson, controller.signal).then(
      (overview) => dispatch({ type: "loaded", overview }),
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: "loadFailed", message: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, [lesson, loadCount]);

  // Closing the page (or moving to another lesson's tutor) stops a reply under way; the server keeps it as stopped.
  useEffect(() => () => turn.current?.abort(), []);

  useEffect(() => {
    if (request.explain) dispatch({ type: "explain", explain: request.explain });
  }, [request]);

  const current = currentConversation(state);

  const send = useCallback(
    async (message: string, source: QuestionSource, explain?: ExplainRequest) => {
      const error = messageError(message);
      if (error) return dispatch({ type: "invalid", error });
      if (turn.current) return;
      const conversationId = source !== "explain" && current && current.id > 0 ? current.id : null;
      const controller = new AbortController();
      turn.current = controller;
      dispatch({ type: "send", message, source, explain, now: new Date().toISOString() });
      let done = false;
      const onEvent = (event: TurnEvent) => {
        if (event.type === "start") dispatch({ type: "started", conversationId: event.conversationId, messageId: event.messageId });
        else if (event.type === "token") dispatch({ type: "token", text: event.text });
        else if (event.type === "hint") dispatch({ type: "hint", text: event.text });
        else if (event.type === "error") dispatch({ type: "streamError", detail: event.detail });
        else {
          done = true;
          dispatch({ type: "done", status: event.status, messageId: event.messageId, tokensLeft: event.tokensLeft, now: new Date().toISOString() });
        }
      };
      try {
        await streamTurn({ lesson, conversationId, message, explain }, onEvent, controller.signal);
        if (!done) dispatch({ type: "failed", message: "The reply ended before it was complete." });
      } catch (caught) {
        if (controller.signal.aborted) dispatch({ type: "stopped" });
        else dispatch({ type: "failed", message: (caught as Error).message });
      } finally {
        turn.current = null;
      }
    },
    [current, lesson],
  );

  // "Explain my answer": asked as soon as the tutor is ready and no other reply is under way.
  const pending = state.phase === "ready" && !state.turn ? state.pendingExplain : null;
  useEffect(() => {
    if (pending) void send(EXPLAIN_MESSAGE, "explain", pending);
  }, [pending, send]);

  const remove = useCallback(async (id: number) => {
    try {
      await deleteConversation(id);
      dispatch({ type: "deleted", id });
      return true;
    } catch (error) {
      toastError((error as Error).message);
      return false;
    }
  }, []);

  const view = (
    <TutorView
      lesson={lesson}
      state={state}
      dispatch={dispatch}
      onSend={send}
      onStop={() => turn.current?.abort()}
      onRetryLoad={() => {
        dispatch({ type: "load" });
        setLoadCount((n) => n + 1);
      }}
      onDelete={remove}
      onClose={onClose}
      dialog={!wide}
    />
  );

  if (wide) {
    if (!open) return null;
    return <WidePanel onClose={onClose}>{view}</WidePanel>;
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          ref={setSheet}
          aria-describedby={undefined}
          className="fixed inset-x-0 top-0 z-50 flex h-dvh flex-col bg-white shadow-xl focus:outline-none sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[28rem]"
          onOpenAutoFocus={(event) => {
            const box = (event.currentTarget as HTMLElement).querySelector<HTMLElement>("textarea:not(:disabled)");
            if (box) {
              event.preventDefault();
              box.focus();
            }
          }}
          // The host puts focus back on the control that opened the tutor.
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          {view}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The column beside the page: in view while the page scrolls, Escape closes it. */
function WidePanel({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  useFitToViewport(root, "column");
  useEffect(() => {
    const box = root?.querySelector<HTMLElement>("textarea:not(:disabled)") ?? root?.querySelector<HTMLElement>("h2");
    box?.focus();
  }, [root]);
  return (
    <div
      ref={setRoot}
      onKeyDown={(event) => {
        // Not from a dialog opened above the panel (React sends its keys up through the portal).
        if (event.key === "Escape" && !event.nativeEvent.isComposing && root?.contains(event.target as Node)) {
          event.stopPropagation();
          onClose();
        }
      }}
      className="sticky top-4 flex h-[calc(100dvh-2rem)] w-[24rem] shrink-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {children}
    </div>
  );
}
