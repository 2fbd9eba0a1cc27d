import { PauseIcon } from "@/components/courses/pause-icon";
import { PAUSED } from "@/lib/catalogue/publication/served";

/**
 * What a paused course shows its learners instead of content (docs/product-rules.md, "Review and
 * publication"): the server's own sentence, with an icon, never colour alone. Their progress is kept.
 */
export function CoursePaused({ className = "" }: { className?: string }) {
  return (
    <div role="status" className={`rounded-2xl border border-slate-300 bg-slate-50 px-6 py-6 ${className}`} data-testid="course-paused">
      <p className="flex items-start gap-2 text-lg font-semibold text-slate-900">
        <PauseIcon className="mt-1 size-5 shrink-0" />
        {PAUSED}
      </p>
      <p className="mt-2 text-slate-700">Your progress is kept: it is here again when the course is back.</p>
    </div>
  );
}
