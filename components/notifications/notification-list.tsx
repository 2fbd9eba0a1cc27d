"use client";

// The list of a learner's notifications (docs/product-rules.md, "Notifications"), shown by the
// header's bell and by the notifications page: newest first, a page at a time, each linking to what
// it is about, read one by one (following it, or "Mark read") or all at once.
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { ApiError, call } from "@/client/api";
import type { NotificationItem, NotificationList as Loaded } from "@/lib/accounts/notifications/responses";
import { shareUnreadCount as onCount } from "./unread-count";

const LOAD_FAILED = "Could not load your notifications.";
const MARK_FAILED = "Could not mark it read. Please try again.";

type State = { items: NotificationItem[]; next: string | null; status: "loading" | "ready" | "failed" | "more" };

/** "5 min ago", "yesterday", "3 Dec": when it happened, in the learner's words and zone. */
function when(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  if (seconds > -60) return "just now";
  if (seconds > -3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (seconds > -86_400) return rtf.format(Math.round(seconds / 3600), "hour");
  if (seconds > -7 * 86_400) return rtf.format(Math.round(seconds / 86_400), "day");
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" }).format(new Date(iso));
}

function fetchPage(limit: number, cursor: string | null, signal?: AbortSignal): Promise<Loaded> {
  return call("GET /users/me/notifications", { query: { limit, cursor: cursor ?? undefined }, fallback: LOAD_FAILED, signal });
}

export const markRead = (id: number) => call("POST /users/me/notifications/:id/read", { params: { id }, fallback: MARK_FAILED });

export function NotificationList({
  pageSize,
  unreadCount,
  onFollow,
  reloadKey = 0,
  headingId,
  headingLevel = "h2",
  focusHeading = false,
}: {
  pageSize: number;
  /** The caller's unread count (unread ones may be on pages not loaded yet); each answer's count is shared (./unread-count.ts). */
  unreadCount: number;
  /** A notification's link was followed (the bell closes its panel). */
  onFollow?: () => void;
  /** Changing it loads the list again (a new notification arrived while it was open). */
  reloadKey?: number;
  headingId: string;
  headingLevel?: "h1" | "h2";
  /** In the bell's panel: focus goes to the heading as it opens, so a screen reader names it and Tab goes on into it. */
  focusHeading?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<State>({ items: [], next: null, status: "loading" });
  const [problem, setProblem] = useState<string | null>(null);
  const [busyAll, setBusyAll] = useState(false);
  const [now] = useState(() => Date.now());

  // What an answer does: the page shown (after the ones before it, for a cursor), or why not.
  const settle = useCallback((cursor: string | null, answer: Promise<Loaded>) => {
    answer.then(
      (page) => {
        onCount(page.unread_count);
        setProblem(null);
        setState((s) => ({ items: cursor ? [...s.items, ...page.notifications] : page.notifications, next: page.next_cursor, status: "ready" }));
      },
      (error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        setState((s) => ({ ...s, status: cursor ? "ready" : "failed" }));
        setProblem(error instanceof ApiError ? error.message : LOAD_FAILED);
      },
    );
  }, []);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  // The first page on opening, and again when the owner says something new arrived.
  useEffect(() => {
    const controller = new AbortController();
    settle(null, fetchPage(pageSize, null, controller.signal));
    return () => controller.abort();
  }, [settle, pageSize, reloadKey]);

  function loadAgain(cursor: string | null) {
    setProblem(null);
    setState((s) => ({ ...s, status: cursor ? "more" : "loading" }));
    settle(cursor, fetchPage(pageSize, cursor));
  }

  const readLocally = (ids: "all" | number) =>
    setState((s) => ({ ...s, items: s.items.map((n) => (n.read_at === null && (ids === "all" || n.id === ids) ? { ...n, read_at: new Date().toISOString() } : n)) }));

  async function markOne(id: number) {
    setProblem(null);
    try {
      onCount((await markRead(id)).unread_count);
      readLocally(id);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : MARK_FAILED);
    }
  }

  async function markAll() {
    setProblem(null);
    setBusyAll(true);
    try {
      onCount((await call("POST /users/me/notifications/read-all", { fallback: MARK_FAILED })).unread_count);
      readLocally("all");
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : MARK_FAILED);
    } finally {
      setBusyAll(false);
    }
  }

  function follow(item: NotificationItem) {
    // The learner goes on at once; the mark follows (a failure only leaves it unread).
    if (item.read_at === null) void markRead(item.id).then((c) => onCount(c.unread_count), () => undefined);
    readLocally(item.id);
    onFollow?.();
  }

  const Heading = headingLevel;

  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <Heading ref={headingRef} id={headingId} tabIndex={-1} className={`${headingLevel === "h1" ? "text-3xl" : "text-base"} font-bold text-slate-900 outline-none`}>
          Notifications
        </Heading>
        <button type="button" onClick={() => void markAll()} disabled={unreadCount === 0 || busyAll} className={buttonClasses({ variant: "outline", size: "sm" })}>
          {busyAll ? "Marking..." : "Mark all read"}
        </button>
      </div>
      <p role="alert" className="px-4 pt-3 text-sm font-medium text-red-700 empty:hidden">
        {problem}
      </p>
      {state.status === "loading" ? (
        <p role="status" className="px-4 py-6 text-slate-700">
          Loading your notifications...
        </p>
      ) : state.status === "failed" ? (
        <div className="px-4 py-4">
          <button type="button" onClick={() => loadAgain(null)} className={buttonClasses({ size: "sm" })}>
            Try again
          </button>
        </div>
      ) : state.items.length === 0 ? (
        <p className="px-4 py-6 text-slate-700">Nothing yet. You will hear here when a course you asked for is ready, or when a problem you reported has been looked at.</p>
      ) : (
        <ul className="min-h-0 flex-1 divide-y divide-slate-200 overflow-y-auto" aria-labelledby={headingId}>
          {state.items.map((item) => (
            <li key={item.id} className={`flex items-start gap-3 px-4 py-3 ${item.read_at === null ? "bg-brand-50" : ""}`}>
              <span aria-hidden="true" className={`mt-2 size-2.5 shrink-0 rounded-full ${item.read_at === null ? "bg-brand-600" : "bg-transparent"}`} />
              <div className="min-w-0 flex-1">
                <Link href={item.link} onClick={() => follow(item)} className="line-clamp-3 rounded-sm font-medium text-slate-900 underline-offset-2 hover:underline">
                  {item.read_at === null ? <span className="sr-only">Unread: </span> : null}
                  {item.message}
                </Link>
                {item.detail ? <p className="mt-0.5 text-sm text-slate-700">{item.detail}</p> : null}
                <p className="mt-0.5 text-xs text-slate-600">
                  <time dateTime={item.created_at}>{when(item.created_at, now)}</time>
                </p>
              </div>
              {item.read_at === null ? (
                <button
                  type="button"
                  onClick={() => void markOne(item.id)}
                  aria-label={`Mark read: ${item.message}`}
                  className="shrink-0 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100 min-h-11"
                >
                  Mark read
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {state.next ? (
        <div className="border-t border-slate-200 px-4 py-3">
          <button type="button" onClick={() => loadAgain(state.next)} disabled={state.status === "more"} aria-busy={state.status === "more"} className={buttonClasses({ variant: "outline", size: "sm" })}>
            {state.status === "more" ? "Loading..." : "Show older"}
          </button>
        </div>
      ) : null}
    </div>
  );
}
