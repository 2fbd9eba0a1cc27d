import { REASON_LABELS } from "@/lib/authoring/reports/reasons";
import type { OpenFlag, OpenReport } from "@/lib/authoring/content-review/course-review";

/* The machine's open flags and the learners' open reports on one item, beside it. Learners' notes are plain text. */
export function OpenItems({ flags, reports }: { flags: OpenFlag[]; reports: OpenReport[] }) {
  if (!flags.length && !reports.length) return null;
  return (
    <aside aria-label="Open flags and reports" className="mt-3 space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {flags.map((f, i) => (
        <p key={`f${i}`}>
          <span className="font-semibold">
            Flag ({f.kind}, {f.severity}):
          </span>{" "}
          {f.message}
        </p>
      ))}
      {reports.map((r, i) => (
        <p key={`r${i}`} className="whitespace-pre-line break-words">
          <span className="font-semibold">Learner report: {REASON_LABELS[r.reason]}</span>
          {r.note ? ` — ${r.note}` : ""}
        </p>
      ))}
    </aside>
  );
}
