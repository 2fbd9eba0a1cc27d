"use client";
import dynamic from "next/dynamic";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { ApiError, call } from "@/client/api";
import { loadOnce } from "@/client/load-once";
import type { CitedPassage } from "@/lib/catalogue/courses/responses";
import type { PanelState } from "./citation-panel";

/*
 * Inline citations of a lesson and the panel showing a cited passage (docs/sources.md, "What
 * learners see"). The `[n]` buttons are tiny; the panel's code (Radix) and the lesson's passages
 * come with the first press, not with the page (docs/performance.md, "Pages").
 */

const CitationPanel = dynamic(() => import("./citation-panel").then((m) => m.CitationPanel), { ssr: false });

const LOAD_FAILED = "The cited passage could not be loaded. Please try again.";

type Open = (title: string, load: () => Promise<CitedPassage | null>, opener: HTMLElement) => void;

const PanelContext = createContext<Open | null>(null);

/** Owns the one panel of a page: `open` shows a passage, loaded by `load`, and focus goes back to the opener on close. */
export function CitationPanelHost({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PanelState | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const openPanel = useCallback<Open>((title, load, from) => {
    opener.current = from;
    setState({ title, kind: "loading" });
    setOpen(true);
    load().then(
      (passage) => setState({ title, kind: "ok", passage }),
      (error: unknown) => setState({ title, kind: "error", message: error instanceof ApiError ? error.message : LOAD_FAILED }),
    );
  }, []);
  return (
    <PanelContext.Provider value={openPanel}>
      {children}
      {state ? <CitationPanel open={open} onOpenChange={setOpen} state={state} opener={opener} /> : null}
    </PanelContext.Provider>
  );
}

export function usePassagePanel(): Open | null {
  return useContext(PanelContext);
}

const LessonContext = createContext<((number: number) => Promise<CitedPassage | null>) | null>(null);

/** A lesson's citations, fetched once on the first press of any of its `[n]`. */
export function LessonCitations({ courseId, sectionIndex, subsectionIndex, children }: { courseId: number; sectionIndex: number; subsectionIndex: number; children: ReactNode }) {
  // Fetched once; a failed fetch is not kept, so a later press tries again.
  const citations = useMemo(
    () => loadOnce(() => call("GET /courses/:id/sections/:sectionIndex/subsections/:subsectionIndex/citations", { params: { id: courseId, sectionIndex, subsectionIndex }, fallback: LOAD_FAILED })),
    [courseId, sectionIndex, subsectionIndex],
  );
  const passageOf = useCallback(async (number: number) => (await citations()).find((c) => c.number === number)?.passage ?? null, [citations]);
  return (
    <CitationPanelHost>
      <LessonContext.Provider value={passageOf}>{children}</LessonContext.Provider>
    </CitationPanelHost>
  );
}

/** An inline `[n]` of a lesson: a button opening the passage it cites. Outside a lesson's citations, plain text. */
export function CitationRef({ number }: { number: number }) {
  const open = usePassagePanel();
  const passageOf = useContext(LessonContext);
  if (!open || !passageOf) return <>[{number}]</>;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={`Source ${number}`}
      data-testid="citation"
      onClick={(event) => open(`Source [${number}]`, () => passageOf(number), event.currentTarget)}
      className="mx-0.5 rounded px-0.5 align-super text-xs font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      [{number}]
    </button>
  );
}

/** "See the source: handbook.pdf, page 12" with a panel of its own (a quiz item's feedback, its remediation). */
export function SourceOfAnswer({ passage }: { passage: CitedPassage }) {
  return (
    <CitationPanelHost>
      <SeeSource passage={passage} />
    </CitationPanelHost>
  );
}

/** "See the source: handbook.pdf, page 12" under a quiz item's feedback, opening the same panel. */
function SeeSource({ passage }: { passage: CitedPassage }) {
  const open = usePassagePanel();
  const label = `See the source: ${passage.file_name}${passage.page ? `, page ${passage.page}` : ""}`;
  if (!open) return null;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={(event) => open("The source of this answer", () => Promise.resolve(passage), event.currentTarget)}
      className="text-left font-semibold break-words text-brand-700 underline hover:text-brand-800"
    >
      {label}
    </button>
  );
}
