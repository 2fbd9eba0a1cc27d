"use client";

// The header's bell (docs/product-rules.md, "Notifications"): the unread count on every learner
// page, and the list in a panel under the header (a popover on wide screens, a sheet across the
// phone's screen). The count comes with the page; while the tab is visible it is asked again each
// minute and on every return to the tab, and a rise is announced to screen readers. The panel
// closes on Escape (focus back on the bell), a press outside, Tab past its end, or a link followed.
import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "@/components/ui/use-dismiss";
import { call } from "@/client/api";
import { useUnreadCount } from "./unread-count";

// The list's code loads when the bell is first opened: every learner page carries the bell, few open it.
const NotificationList = dynamic(() => import("./notification-list").then((m) => m.NotificationList), {
  loading: () => (
    <p role="status" className="px-4 py-6 text-slate-700">
      Loading your notifications...
    </p>
  ),
});

const POLL_MS = 60_000;
const PANEL_PAGE = 10;

/** What the badge shows: the count, or "99+" (the server counts up to 100). */
export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

const spoken = (count: number) => (count === 0 ? "no unread notifications" : count > 99 ? "more than 99 unread notifications" : count === 1 ? "1 unread notification" : `${count} unread notifications`);

export function NotificationBell({ initialCount }: { initialCount: number | null }) {
  const [count, setCount] = useState(initialCount ?? 0);
  const [open, setOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The count the last answer brought, whoever asked: a rise over it is news.
  const lastCount = useRef(initialCount);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  const onCount = useCallback((next: number) => {
    lastCount.current = next;
    setCount(next);
  }, []);
  useUnreadCount(onCount);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const check = async () => {
      clearTimeout(timer);
      if (document.visibilityState === "visible") {
        try {
          const { unread_count: next } = await call("GET /users/me/notifications/unread-count", { fallback: "", signal: controller.signal });
          const last = lastCount.current;
          if (last !== null && next > last) {
            setAnnouncement(`New notification: ${spoken(next)}.`);
            // An open list shows it at once (a closed one loads afresh when opened).
            setReloadKey((k) => k + 1);
          }
          onCount(next);
        } catch {
          // The next look tries again; the badge keeps what it had.
        }
      }
      timer = setTimeout(check, POLL_MS);
    };
    // Without a count from the page (its read failed), ask at once.
    timer = setTimeout(check, initialCount === null ? 0 : POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [initialCount, onCount]);

  return (
    <div
      ref={rootRef}
      className="md:relative"
      onBlur={(event) => {
        // Tabbing out of the panel closes it; presses elsewhere are useDismiss's.
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Notifications, ${spoken(count)}`}
        onClick={() => setOpen((v) => !v)}
        className="relative inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-expanded:bg-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {count > 0 ? (
          <span aria-hidden="true" data-testid="notification-badge" className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white">
            {badgeText(count)}
          </span>
        ) : null}
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      <div
        id={panelId}
        role="dialog"
        aria-labelledby={headingId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 flex max-h-[calc(100dvh-4rem)] flex-col border-b border-slate-200 bg-white shadow-lg md:inset-x-auto md:right-0 md:mt-2 md:max-h-[min(36rem,calc(100dvh-6rem))] md:w-96 md:rounded-lg md:border"
      >
        {open ? (
          <>
            <NotificationList pageSize={PANEL_PAGE} unreadCount={count} onFollow={close} reloadKey={reloadKey} headingId={headingId} focusHeading />
            <div className="border-t border-slate-200 px-4 py-3">
              <Link href="/dashboard/notifications" onClick={close} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
                See all notifications
              </Link>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
