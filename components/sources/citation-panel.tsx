"use client";
import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import type { CitedPassage } from "@/lib/catalogue/courses/responses";

export type PanelState = { title: string } & ({ kind: "loading" } | { kind: "error"; message: string } | { kind: "ok"; passage: CitedPassage | null });

/**
 * The cited passage: file name, page, heading and the quoted text, all as text (never HTML). A
 * side panel on wide screens, a sheet from the bottom on phones; Escape or Close shuts it and
 * focus goes back to the button that opened it. Loaded on the first press (./citations.tsx).
 */
export function CitationPanel({ open, onOpenChange, state, opener }: { open: boolean; onOpenChange: (open: boolean) => void; state: PanelState; opener: RefObject<HTMLElement | null> }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          data-testid="citation-panel"
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none sm:inset-y-0 sm:right-0 sm:left-auto sm:max-h-none sm:w-[28rem] sm:rounded-none"
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">{state.title}</Dialog.Title>
            <Dialog.Close className="rounded-lg px-2 py-1 text-sm font-semibold text-slate-700 underline hover:text-slate-900">Close</Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4" aria-live="polite" aria-busy={state.kind === "loading"}>
            <Body state={state} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Body({ state }: { state: PanelState }) {
  if (state.kind === "loading") return <Dialog.Description className="text-slate-700">Loading the passage…</Dialog.Description>;
  if (state.kind === "error")
    return (
      <Dialog.Description role="alert" className="font-medium text-red-800">
        {state.message}
      </Dialog.Description>
    );
  const { passage } = state;
  if (!passage) return <Dialog.Description className="text-slate-700">This source was removed.</Dialog.Description>;
  return (
    <>
      <Dialog.Description className="font-semibold break-words text-slate-900">
        {passage.file_name}
        <span className="block text-sm font-normal text-slate-700">{passage.page ? `Page ${passage.page}` : "No page numbers"}{passage.heading ? ` · ${passage.heading}` : ""}</span>
      </Dialog.Description>
      <blockquote className="mt-4 border-l-4 border-brand-100 pl-4 leading-7 whitespace-pre-line text-slate-800" data-testid="cited-passage">
        {passage.text}
      </blockquote>
    </>
  );
}
