"use client";
import type { CourseSummary } from "@/lib/catalogue/courses/responses";
import { useCourseWritingOn } from "./course-writing";

// is_detail_created_by_ai true shows Generated, false Generating (Failed when generation gave up);
// with no model on the server a course not yet started says it is waiting (docs/product-rules.md).
export function GenerationBadge({ generated, status }: { generated: boolean; status: CourseSummary["generation_status"] }) {
  const writingOn = useCourseWritingOn();
  if (status === "failed") return <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700">Failed</span>;
  if (generated)
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
        <span aria-hidden="true">✓</span> Generated
      </span>
    );
  if (status === "pending" && !writingOn) return <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-600">Not written yet</span>;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-500" /> Generating
    </span>
  );
}
