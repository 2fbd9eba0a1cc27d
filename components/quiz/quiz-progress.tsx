import { ProgressBar } from "@/components/ui/progress-bar";
import { LeaveQuizLink } from "./leave-quiz";

/**
 * Above each question: "Quiz N of M" with a bar of the questions done, and a way back to the
 * course, which asks first once some question is answered (the attempt is kept either way: the
 * quiz resumes it).
 */
export function QuizProgress({ current, total, answered, backHref }: { current: number; total: number; answered: number; backHref: string }) {
  const done = Math.round(((current - 1) / Math.max(total, 1)) * 100);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-brand-700" aria-live="polite">
          Quiz {current} of {total}
        </p>
        <LeaveQuizLink href={backHref} answered={answered} total={total} />
      </div>
      <ProgressBar value={done} label="Quiz progress" className="mt-2" />
    </div>
  );
}
