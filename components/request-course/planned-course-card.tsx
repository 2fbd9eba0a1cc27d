import { formatLearningTime } from "@/lib/catalogue/courses/duration";
import type { CourseRequestView } from "@/lib/authoring/course-requests/responses";
import { cardClasses } from "@/components/courses/course-card";
import { stretchedLinkClasses } from "@/components/ui/stretched-link";

/**
 * A request whose course is not planned yet, in My Learning all the same (docs/product-rules.md,
 * "Course requests"): the learner's own course is theirs from the moment they ask. It leads to the
 * request's card, which follows it.
 */
export function PlannedCourseCard({ request }: { request: CourseRequestView }) {
  const failed = request.state === "failed";
  return (
    <article className={cardClasses}>
      <span className={`self-start rounded-full px-2 py-0.5 text-xs font-semibold ${failed ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-900"}`}>{failed ? "Failed" : "Planning"}</span>
      <h3 className="mt-4 line-clamp-2 text-lg font-semibold text-slate-900 group-hover:text-brand-700">
        <a href={`#request-${request.id}`} className={stretchedLinkClasses}>
          Your course on {request.subject}
        </a>
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-600">
        {failed ? "Writing stopped while planning it: see its card to try again." : "Being planned for you: its sections follow on its card."}
      </p>
      <p className="mt-5 text-sm font-medium text-slate-700">
        {request.level} · about {formatLearningTime(request.planned_minutes)}
      </p>
    </article>
  );
}
