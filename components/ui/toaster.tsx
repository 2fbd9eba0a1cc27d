"use client";

import { useEffect, useState } from "react";
import { Icon } from "@/components/ui/icons";

// Errors with a sad face, successes with a party popper, gone after 2 s (docs/product-rules.md, Screens).
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
    deliver = ({ kind, message }) => void (kind === "error" ? sonner.toast.error(message) : sonner.toast.success(message));
    for (const toast of queue.splice(0)) deliver(toast);
    return () => {
      deliver = null;
    };
  }, [sonner]);

  if (!sonner) return null;
  // At the bottom: at the top a toast covered the page's heading (and on a phone half the first
  // screen); there it covers nothing the page opens with. The faces are SVG, not emoji (./icons.tsx).
  return (
    <sonner.Toaster
      position="bottom-center"
      theme="system"
      offset={{ bottom: "1.5rem" }}
      mobileOffset={{ bottom: "1rem" }}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      icons={{ success: <Icon name="party" />, error: <Icon name="sadFace" /> }}
    />
  );
}

export function toastError(message: string) {
  show({ kind: "error", message });
}

export function toastSuccess(message: string) {
  show({ kind: "success", message });
}
