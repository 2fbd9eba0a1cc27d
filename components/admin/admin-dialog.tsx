"use client";

// The admin area's dialogs on Radix: focus trapped inside, Escape and the × button close, the title labels
// the dialog and the description describes it. AdminDialog is for forms and lists; ConfirmDialog (an
// alertdialog) for destructive or consequential confirmations, where Cancel has the first focus.
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button-link";

const OVERLAY = "fixed inset-0 z-40 bg-slate-900/50";
const CONTENT =
  "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col " +
  "rounded-2xl bg-white shadow-xl focus:outline-none";

/**
 * Focus goes back to the control that opened the dialog when it closes. Radix does that only for its own
 * Trigger; these dialogs are opened by ordinary buttons (a row's Edit, Delete, View Courses...).
 */
function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    /** Call from onOpenAutoFocus: focus has not moved into the dialog yet. */
    remember() {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus(event: Event) {
      const target = opener.current;
      opener.current = null;
      // A control gone meanwhile (its row deleted) leaves focus to Radix.
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

type AdminDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** While something is being saved the dialog cannot be dismissed. */
  busy?: boolean;
  wide?: boolean;
  children: ReactNode;
};

export function AdminDialog({ open, onOpenChange, title, description, busy = false, wide = false, children }: AdminDialogProps) {
  const focus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className={OVERLAY} />
        <Dialog.Content
          className={`${CONTENT} ${wide ? "max-w-2xl" : "max-w-lg"}`}
          // A form dialog starts in its first field, not on the close button.
          onOpenAutoFocus={(event) => {
            focus.remember();
            const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 pt-5 pb-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              disabled={busy}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-6 py-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** `danger` (the default) for what deletes or ends something; `primary` for a consequential step that destroys nothing (publishing). */
  tone?: "danger" | "primary";
};

export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, busyLabel, busy, onConfirm, tone = "danger" }: ConfirmDialogProps) {
  const focus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY} />
        <AlertDialog.Content className={`${CONTENT} max-w-md px-6 py-5`} onOpenAutoFocus={focus.remember} onCloseAutoFocus={focus.onCloseAutoFocus}>
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel disabled={busy} className={buttonClasses({ variant: "outline" })}>
              Cancel
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the deletion has answered. */}
            <button
              type="button"
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy || undefined}
              className={buttonClasses({ className: tone === "danger" ? "bg-red-700 hover:bg-red-800 active:bg-red-900" : undefined })}
            >
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
