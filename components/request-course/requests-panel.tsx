"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { call } from "@/client/api";
import type { CourseRequestView, RequestQuota } from "@/lib/authoring/course-requests/responses";
import { formatWait, secondsUntil } from "@/lib/authoring/course-requests/wait-text";
import { RequestCard } from "./request-card";
import { RequestForm, type RequestFormProps } from "./request-form";

/*
 * The learner's course requests where they ask for them (docs/product-rules.md, "Course
 * requests"): a card per request (newest first) until they open its course, then the form, and what
 * is left of the day's requests, said as "in 3 h 20 min" in the learner's own clock.
 */

export type RequestsPanelProps = Omit<RequestFormProps, "onAsked"> & {
  heading: string;
  intro: string;
  /** The requests to show as the page found them; null when they could not be read. */
  initial: CourseRequestView[] | null;
  quota: RequestQuota | null;
};

export function RequestsPanel({ heading, intro, initial, quota: initialQuota, ...form }: RequestsPanelProps) {
  const headingId = useId();
  const [requests, setRequests] = useState(initial ?? []);
  const [quota, setQuota] = useState(initialQuota);

  return (
    <section id="write-a-course" aria-labelledby={headingId} className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
        {heading}
      </h2>
      {initial === null ? (
        <p role="alert" className="mt-2 text-red-700">
          Could not load your course requests. Reload the page to see them.
        </p>
      ) : null}
      {requests.length ? (
        <div className="mt-4 flex flex-col gap-3">
          {requests.map((request) => (
            <RequestCard key={request.id} initial={request} />
          ))}
        </div>
      ) : null}
      <p className="mt-4 text-slate-700">{intro}</p>
      <RequestForm
        {...form}
        onAsked={(request) => {
          setRequests((list) => [request, ...list.filter((r) => r.id !== request.id)]);
          setQuota((q) => (q ? { ...q, left: Math.max(0, q.left - 1) } : q));
          // The server's count, with when the next request comes back once none is left.
          call("GET /users/me/course-requests", { query: { limit: 1 }, fallback: "" })
            .then((list) => setQuota(list.quota))
            .catch(() => {});
        }}
      />
      {quota ? <QuotaLine quota={quota} /> : null}
    </section>
  );
}

const noSubscription = () => () => {};

/** "in 3 h 20 min (at 17:45)": by the browser's clock and in its time zone. */
function waitText(nextAt: string | null): string | null {
  if (!nextAt) return null;
  const at = new Date(nextAt);
  return `in ${formatWait(secondsUntil(at))} (at ${new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }).format(at)})`;
}

/** "2 of 3 requests left today", or when the next one comes back, in the learner's own time. */
function QuotaLine({ quota }: { quota: RequestQuota }) {
  // Read in the browser only (the server knows neither the learner's clock nor their zone): none in the first HTML.
  const when = useSyncExternalStore(noSubscription, () => waitText(quota.next_at), () => null);
  if (quota.per_day === 0) return null;
  return (
    <p className="mt-3 text-sm text-slate-600" data-testid="request-quota">
      {quota.left > 0 ? `${quota.left} of ${quota.per_day} requests left today.` : `You have used today's ${quota.per_day} requests.${when ? ` You can ask for another ${when}.` : ""}`}
    </p>
  );
}
