"use client";

import dynamic from "next/dynamic";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { lessonKey, type TutorLesson, type TutorRequest, type ExplainRequest } from "./tutor-lesson";

/*
 * Where the lesson tutor lives on a page: the reader, the quiz and review. The host keeps which
 * lesson it is open for and the control that opened it (focus goes back there on close); the
 * panel's code (the conversation, markdown, the dialog) loads on the first open only, so a page's
 * first-load JavaScript carries just this host and its buttons (docs/performance.md).
 * From `xl` up the panel is a column beside the page's content; below, a modal sheet.
 */

type TutorControls = {
  /** The lesson the tutor is open for, or null when closed. */
  openFor: TutorLesson | null;
  open(lesson: TutorLesson, explain?: ExplainRequest): void;
  close(): void;
};

const TutorContext = createContext<TutorControls | null>(null);

/** The page's tutor, or null where none is mounted (the button asking for it then stays out). */
export function useTutor(): TutorControls | null {
  return useContext(TutorContext);
}

const TutorPanel = dynamic(() => import("./tutor-panel").then((m) => m.TutorPanel), { ssr: false });

export function TutorHost({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<TutorRequest | null>(null);
  const [isOpen, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const seq = useRef(0);

  const open = useCallback((lesson: TutorLesson, explain?: ExplainRequest) => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    seq.current += 1;
    setRequest({ lesson, explain: explain ?? null, seq: seq.current });
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    // After the panel is gone, back to the button that opened it (when it is still there).
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  }, []);

  const controls = useMemo<TutorControls>(() => ({ openFor: isOpen && request ? request.lesson : null, open, close }), [isOpen, request, open, close]);

  return (
    <TutorContext value={controls}>
      <div data-tutor={isOpen ? "open" : "closed"} className="xl:flex xl:items-start xl:gap-6">
        <div className="min-w-0 xl:flex-1">{children}</div>
        {/* Kept mounted once opened: a reply still streaming and the draft survive closing it. */}
        {request ? <TutorPanel key={lessonKey(request.lesson)} request={request} open={isOpen} onClose={close} /> : null}
      </div>
    </TutorContext>
  );
}
