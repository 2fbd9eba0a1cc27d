import Link from "next/link";
import { ProgressBar } from "@/components/ui/progress-bar";

/**
 * Above each question: "Quiz N of M" with a bar of the questions done, and a way back to the
 * course (leaving mid-quiz records nothing: every visit to the quiz is a new attempt).
 */
export function QuizProgress({ current, total, backHref }: { current: number; total: number; backHref: string }) {
  const done = Math.round(((current - 1) / Math.max(total, 1)) * 100);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-brand-700" aria-live="polite">
          Quiz {current} of {total}
        </p>
        <Link href={backHref} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-slate-700 underline hover:text-slate-900">
          <span aria-hidden="true">←</span> Back to course
        </Link>
      </div>
      <ProgressBar value={done} label="Quiz progress" className="mt-2" />
    </div>
  );
}
