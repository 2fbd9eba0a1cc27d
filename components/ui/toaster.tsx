"use client";

import { useEffect, useState } from "react";
import { Icon } from "@/components/ui/icons";
import { PRIMARY_ACTIONS, toastBottomOffset } from "@/components/ui/toast-clearance";

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
let shown: (() => void) | null = null;

function show(toast: Pending) {
  shown?.();
  if (deliver) return deliver(toast);
  queue.push(toast);
  load?.();
}

// Sonner's own: its phone layout below 600 px, 16 px from the edge there and 24 px above it.
const PHONE_WIDTH = 600;
const baseOffset = () => (window.innerWidth <= PHONE_WIDTH ? 16 : 24);

/** How far above the bottom edge a toast rests now: clear of the primary actions on screen (./toast-clearance.ts). */
function currentOffset(): number {
  const actions = [...document.querySelectorAll(PRIMARY_ACTIONS)].flatMap((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 ? [{ top: box.top, bottom: box.bottom }] : [];
  });
  return toastBottomOffset(actions, window.innerHeight, baseOffset());
}

/** How long after a toast comes its place is kept clear: its life, paused a while under the pointer. */
const WATCH_MS = 5 * TOAST_DURATION_MS;

/**
 * The toasts' offset: measured when one comes, and again while it may be up as the page scrolls,
 * resizes or changes under it (a toast shown as the page navigates, "Code verified").
 */
function useToastOffset(): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  const [toasts, setToasts] = useState(0);
  useEffect(() => {
    shown = () => setToasts((n) => n + 1);
    return () => {
      shown = null;
    };
  }, []);
  useEffect(() => {
    if (!toasts) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setOffset(currentOffset()));
    };
    const observer = new MutationObserver(measure);
    const stop = () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
    measure();
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    const timer = setTimeout(stop, WATCH_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [toasts]);
  return offset;
}

export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  const offset = useToastOffset();

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
  // screen); there it covers nothing the page opens with, and it rises above a primary action
  // standing there. The faces are SVG, not emoji (./icons.tsx).
  const bottom = offset === null ? undefined : `${offset}px`;
  return (
    <sonner.Toaster
      position="bottom-center"
      theme="system"
      offset={{ bottom: bottom ?? "1.5rem" }}
      mobileOffset={{ bottom: bottom ?? "1rem" }}
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
