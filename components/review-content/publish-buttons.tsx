"use client";

import { buttonClasses } from "@/components/ui/button-link";
import { ChangeError, useChange } from "./use-change";

/*
 * "Approve section" and "Publish course": they call the publication endpoints of drafts
 * (docs/product-rules.md, "Review and editing"): POST /courses/{id}/sections/{position}/publish
 * and POST /courses/{id}/publish.
 */

export function ApproveSection({ courseId, position, title }: { courseId: number; position: number; title: string }) {
  const { busy, error, run } = useChange("The section could not be approved. Please try again.");
  return (
    <div>
      <button
        type="button"
        disabled={busy}
        onClick={() => run(`/courses/${courseId}/sections/${position}/publish`, "POST", {}, `Section ${position + 1} approved: learners can read it.`)}
        className={buttonClasses({ variant: "outline" })}
        aria-label={`Approve section ${position + 1}: ${title}`}
      >
        Approve section
      </button>
      <ChangeError error={error} />
    </div>
  );
}

export function PublishCourse({ courseId }: { courseId: number }) {
  const { busy, error, run } = useChange("The course could not be published. Please try again.");
  return (
    <div>
      <button type="button" disabled={busy} onClick={() => run(`/courses/${courseId}/publish`, "POST", {}, "Course published.")} className={buttonClasses({})}>
        Publish course
      </button>
      <ChangeError error={error} />
    </div>
  );
}
