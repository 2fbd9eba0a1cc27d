"use client";

import { useEffect, useState } from "react";

// Errors with a sad face, successes with a party emoji, gone after 2 s (docs/product-rules.md, Screens).
export const TOAST_DURATION_MS = 2000;

/*
 * Sonner is loaded the first time a toast is shown, not with every page: most page views never
 * show one, and it is a good part of the JavaScript every page would otherwise download first.
 * Toasts asked for before it has loaded wait in `queue` and are shown as soon as it has.
 */
type Sonner = typeof import("sonner");
type Pending = { kind: "error" | "success"; message: string };

const queue: Pending[] = [];
let deliver: ((toast: Pending) => void) | null = null;
let load: (() => void) | null = null;

function show(toast: Pending) {
  if (deliver) return deliver(toast);
  queue.push(toast);
  load?.();
}

export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    load = () => void import("sonner").then(setSonner);
    if (queue.length > 0) load();
    return () => {
      load = null;
    };
  }, []);

  useEffect(() => {
    if (!sonner) return;
    // Runs after Sonner's own Toaster (a child) has subscribed: queued toasts are not lost.
    deliver = ({ kind, message }) => void (kind === "error" ? sonner.toast.error(`😞 ${message}`) : sonner.toast.success(`🎉 ${message}`));
    for (const toast of queue.splice(0)) deliver(toast);
    return () => {
      deliver = null;
    };
  }, [sonner]);

  if (!sonner) return null;
  // Below the 4 rem header, so a toast never covers its links or its menu button; the emoji is
  // the toast's one icon, so Sonner's own icons are left out.
  const offset = { top: "4.5rem" };
  return (
    <sonner.Toaster
      position="top-center"
      theme="system"
      offset={offset}
      mobileOffset={offset}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      icons={{ success: <></>, error: <></> }}
    />
  );
}

export function toastError(message: string) {
  show({ kind: "error", message });
}

export function toastSuccess(message: string) {
  show({ kind: "success", message });
}
