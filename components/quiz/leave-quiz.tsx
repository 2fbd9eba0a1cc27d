"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { buttonClasses } from "@/components/ui/button-classes";

/*
 * Leaving a quiz with answers given (docs/product-rules.md, "Practice"): the server keeps the
 * attempt, so nothing is lost, but a learner who taps away mid-quiz by mistake is asked first,
 * in the app (an alert dialog: focus inside, Escape or "Stay" keeps them in the quiz) and when the
 * tab is closed or reloaded (the browser's own question, the only one it allows there).
 */

/** The browser's "Leave site?" while `active`. */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set; its text is not shown by any of them.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}

/** "← Back to course", which asks first once some question is answered. */
export function LeaveQuizLink({ href, answered, total }: { href: string; answered: number; total: number }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window leaves nothing behind: only a plain click asks.
    if (answered === 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <Link ref={link} href={href} onClick={onClick} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-slate-700 underline hover:text-slate-900">
        <span aria-hidden="true">←</span> Back to course
      </Link>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <AlertDialog.Content
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white px-6 py-5 shadow-xl focus:outline-none"
            onCloseAutoFocus={(event) => {
              // Back on the link that asked (Radix returns focus only to its own trigger).
              event.preventDefault();
              link.current?.focus();
            }}
          >
            <AlertDialog.Title className="text-lg font-bold text-slate-900">Leave the quiz?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-700">
              You have answered {answered} of {total} questions. Your answers are kept: open the quiz again to finish this attempt where you
              left off.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Action onClick={() => router.push(href)} className={buttonClasses({ variant: "outline" })}>
                Leave the quiz
              </AlertDialog.Action>
              {/* Staying is the safe choice: it has the first focus, and Escape does the same. */}
              <AlertDialog.Cancel className={buttonClasses()}>Stay in the quiz</AlertDialog.Cancel>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
