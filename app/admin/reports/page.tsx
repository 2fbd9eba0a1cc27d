import type { Metadata } from "next";
import Link from "next/link";
import { AdminHeading, EmptyState, LoadError } from "@/components/admin/page-parts";
import type { ReportTarget } from "@/components/reports/report-problem";
import { OptionsWithKey } from "@/components/reports/options-with-key";
import { ResolveGroup } from "@/components/reports/resolve-group";
import { InlineCode } from "@/components/ui/inline-code";
import { Pagination, pageFrom } from "@/components/ui/pagination";
import { getDb } from "@/db/client";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { logger } from "@/lib/platform/log/logger";
import { listReportQueue } from "@/lib/authoring/reports/queue";
import { REASON_LABELS, type ReportReason } from "@/lib/authoring/reports/reasons";
import type { QueueGroup, ReportQueue } from "@/lib/authoring/reports/responses";

export const metadata: Metadata = { title: "Reports" };

const PAGE_SIZE = 20;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const FLAG_TEXT = { almost_everyone_misses: "Almost everyone misses", almost_nobody_misses: "Almost nobody misses" } as const;

const CHECK_TEXT = { grounding: "Grounding check", citation: "Citation check", judge: "Judge" } as const;

function targetOf(group: QueueGroup): ReportTarget {
  return group.question_id !== null
    ? { question_id: group.question_id }
    : { course_id: group.course_id, section_index: group.section_index, subsection_index: group.subsection_index! };
}

/** The item on the course's review screen, where an edit or a regeneration resolves its group. */
const reviewLink = (group: QueueGroup) => `/admin/courses/${group.course_id}/review#${group.question_id !== null ? `question-${group.question_id}` : `section-${group.section_index}`}`;

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

function Group({ group }: { group: QueueGroup }) {
  const where = `${group.course_title} · Section ${group.section_index + 1}: ${group.section_title}`;
  const label = group.kind === "lesson" ? `lesson “${group.title}”` : `question “${group.title}”`;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="report-group">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{group.kind === "lesson" ? `Lesson ${(group.subsection_index ?? 0) + 1}` : "Quiz question"}</p>
          <h2 className="mt-1 text-lg font-semibold text-slate-900">
            <InlineCode text={group.title} />
          </h2>
          <p className="mt-1 text-sm text-slate-600">{where}</p>
        </div>
        <p className="text-sm font-semibold text-slate-900">{plural(group.affected_learners, "learner")} affected</p>
      </div>
      {group.options ? <OptionsWithKey options={group.options} answer={group.correct_answer} /> : null}
      {group.explanation ? <p className="mt-2 text-sm text-slate-700">Explanation: <InlineCode text={group.explanation} /></p> : null}
      <div className="mt-3 flex flex-wrap gap-2 text-sm">
        {group.flag ? (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 font-semibold text-amber-900 ring-1 ring-amber-600/40 ring-inset">
            Flag: {FLAG_TEXT[group.flag]} ({plural(group.flag_learners, "learner")} answered)
          </span>
        ) : null}
        {(Object.entries(group.reason_counts) as [ReportReason, number][]).map(([reason, count]) => (
          <span key={reason} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-800">
            {REASON_LABELS[reason]}: {count}
          </span>
        ))}
      </div>
      {group.machine_flags.length ? (
        <ul className="mt-3 space-y-2 text-sm" aria-label="Machine checks">
          {group.machine_flags.map((flag) => (
            <li key={flag.id} className={`rounded-lg px-3 py-2 ring-1 ring-inset ${flag.severity === "major" ? "bg-red-50 text-red-950 ring-red-600/30" : "bg-slate-50 text-slate-900 ring-slate-300"}`}>
              <span className="font-semibold">
                {CHECK_TEXT[flag.kind]}, {flag.severity}:
              </span>{" "}
              <span className="break-words">{flag.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {group.reports.some((r) => r.note) ? (
        <ul className="mt-3 space-y-2 border-l-2 border-slate-200 pl-3 text-sm text-slate-800" aria-label="Learners' notes">
          {group.reports
            .filter((r) => r.note)
            .map((r) => (
              // Plain text: React escapes it, and white-space keeps the learner's line breaks.
              <li key={r.id} className="whitespace-pre-line break-words">
                {r.note}
              </li>
            ))}
        </ul>
      ) : null}
      <div className="mt-4">
        <ResolveGroup target={targetOf(group)} label={label} />
        <Link href={reviewLink(group)} className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
          Edit or regenerate it on the review screen (resolves these reports as edited or regenerated)
        </Link>
      </div>
    </li>
  );
}

export default async function ReportsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageCaller("admin");
  const requested = pageFrom((await searchParams).page, Number.MAX_SAFE_INTEGER);
  let data: (ReportQueue & { page: number; totalPages: number }) | null = null;
  try {
    let queue = await listReportQueue(getDb(), { page: requested, limit: PAGE_SIZE });
    const totalPages = Math.max(1, Math.ceil(queue.total / PAGE_SIZE));
    const page = Math.min(requested, totalPages);
    if (page !== requested) queue = await listReportQueue(getDb(), { page, limit: PAGE_SIZE });
    data = { ...queue, page, totalPages };
  } catch (error) {
    logger().error({ err: error }, "admin: could not load the reports queue");
  }
  return (
    <div className="max-w-5xl">
      <AdminHeading
        title="Reports"
        intro="What learners reported about lessons and quiz questions, with the questions the analytics flag and what the machine checks (grounding, citations, the judge) found, one entry per lesson or question, the most affected learners first. Dismiss an entry or mark it fixed: the learners who reported it see that it was reviewed."
      />
      {!data ? (
        <LoadError message="Failed to fetch the reports" />
      ) : data.groups.length === 0 ? (
        <EmptyState>Nothing to review: no open reports or flags.</EmptyState>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600">{data.total} {data.total === 1 ? "entry" : "entries"} to review</p>
          <ul className="mt-3 space-y-4">
            {data.groups.map((group) => (
              <Group key={group.question_id !== null ? `q${group.question_id}` : `s${group.course_id}-${group.section_index}-${group.subsection_index}`} group={group} />
            ))}
          </ul>
          <Pagination page={data.page} totalPages={data.totalPages} basePath="/admin/reports" />
        </>
      )}
    </div>
  );
}
