"use client";

import { buttonClasses } from "@/components/ui/button-link";
import { ChangeError, useChange } from "@/components/ui/use-change";

/*
 * The review screen's publication actions (docs/product-rules.md, "Review and publication"):
 * "Approve section" (POST /courses/{id}/sections/{position}/publish) for a section learners do not
 * get yet, and for the course the one action its state allows: a draft or a paused course is
 * published (POST /courses/{id}/publish), a published one paused (POST /courses/{id}/unpublish).
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

const STATE_TEXT = {
  draft: "Draft: no learner gets this course yet.",
  published: "Published: learners read its approved sections.",
  paused: "Paused: its learners keep their progress but get no content until it is published again.",
} as const;

export function CoursePublication({ courseId, state }: { courseId: number; state: keyof typeof STATE_TEXT }) {
  const { busy, error, run } = useChange(state === "published" ? "The course could not be paused. Please try again." : "The course could not be published. Please try again.");
  return (
    <div className="text-right">
      <p className="mb-2 text-sm text-slate-700" data-testid="publication-state">
        {STATE_TEXT[state]}
      </p>
      {state === "published" ? (
        <button type="button" disabled={busy} onClick={() => run(`/courses/${courseId}/unpublish`, "POST", {}, "Course paused.")} className={buttonClasses({ variant: "outline" })}>
          Pause course
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => run(`/courses/${courseId}/publish`, "POST", {}, "Course published.")} className={buttonClasses({})}>
          {state === "paused" ? "Publish again" : "Publish course"}
        </button>
      )}
      <ChangeError error={error} />
    </div>
  );
}
