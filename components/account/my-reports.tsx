import Link from "next/link";
import { courseDetailsHref, readerHref } from "@/components/reader/links";
import { OUTCOME_TEXT, REASON_LABELS } from "@/lib/authoring/reports/reasons";
import type { MyReport } from "@/lib/authoring/reports/responses";

/*
 * My Account's "My reports" (docs/product-rules.md, "Reports"): what the learner reported, why, and
 * whether an admin handled it and what came of it (GET /users/me/reports, read on the server). A learner's
 * note is plain text; a quiz item shows its question only, never its options or key.
 */

const day = (iso: string) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

function where(r: MyReport) {
  return r.kind === "lesson"
    ? { href: readerHref(r.course_id, { sectionIndex: r.section_index, subsectionIndex: r.subsection_index ?? 0 }), text: `Lesson: ${r.title}` }
    : { href: courseDetailsHref(r.course_id), text: `Quiz question: ${r.title}` };
}

export function MyReports({ reports }: { reports: MyReport[] }) {
  return (
    <section aria-labelledby="my-reports" className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="my-reports" className="text-lg font-semibold text-slate-900">
        My reports
      </h2>
      {reports.length === 0 ? (
        <p className="mt-2 text-slate-700">You have not reported a problem. Use “Report a problem” under a lesson or a quiz question when something looks wrong.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid="my-reports">
          {reports.map((r) => {
            const target = where(r);
            return (
              <li key={r.id} className="py-3">
                <p className="font-medium text-slate-900">
                  <Link href={target.href} className="underline-offset-2 hover:underline">
                    {target.text}
                  </Link>
                </p>
                <p className="text-sm text-slate-600">
                  {r.course_title} · {REASON_LABELS[r.reason]} · {day(r.created_at)}
                </p>
                {r.note ? <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-700">{r.note}</p> : null}
                <p className={`mt-1 text-sm font-semibold ${r.status === "open" || r.outcome === "no_change" || r.outcome === "dismissed" ? "text-slate-700" : "text-green-800"}`}>
                  {r.status === "open" ? "Open: an admin will look at it" : r.outcome ? OUTCOME_TEXT[r.outcome] : "Handled"}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
