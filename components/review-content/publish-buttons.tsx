"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/admin/admin-dialog";
import { buttonClasses } from "@/components/ui/button-link";
import { ChangeError, useChange } from "@/components/ui/use-change";

/*
 * The review screen's publication actions (docs/product-rules.md, "Review and publication"):
 * "Approve section" (POST /courses/{id}/sections/{position}/publish) for a section learners do not
 * get yet (confirmed first when it would publish a draft course), and for the course the one action its state allows: a draft or a paused course is
 * published (POST /courses/{id}/publish), a published one paused (POST /courses/{id}/unpublish).
 */

/**
 * "Approve section". When approving it publishes the course (a draft: learners get nothing of it
 * yet), a confirmation says so first.
 */
export function ApproveSection({ courseId, position, title, publishesCourse }: { courseId: number; position: number; title: string; publishesCourse: boolean }) {
  const { busy, error, run } = useChange("The section could not be approved. Please try again.");
  const [confirming, setConfirming] = useState(false);
  const approve = async () => {
    if (await run("POST /courses/:id/sections/:sectionIndex/publish", { params: { id: courseId, sectionIndex: position } }, publishesCourse ? `Section ${position + 1} approved: the course is published.` : `Section ${position + 1} approved: learners can read it.`)) setConfirming(false);
  };
  return (
    <div>
      <button
        type="button"
        disabled={busy}
        onClick={() => (publishesCourse ? setConfirming(true) : approve())}
        className={buttonClasses({ variant: "outline" })}
        aria-label={`Approve section ${position + 1}: ${title}`}
      >
        Approve section
      </button>
      {publishesCourse ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Approve section ${position + 1} and publish the course?`}
          description={`This makes the course visible to learners: they can find it, enrol and read section ${position + 1} (“${title}”). The other sections wait for your review.`}
          confirmLabel="Approve and publish"
          busyLabel="Publishing…"
          busy={busy}
          tone="primary"
          onConfirm={approve}
        />
      ) : null}
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
        <button type="button" disabled={busy} onClick={() => run("POST /courses/:id/unpublish", { params: { id: courseId } }, "Course paused.")} className={buttonClasses({ variant: "outline" })}>
          Pause course
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => run("POST /courses/:id/publish", { params: { id: courseId } }, "Course published.")} className={buttonClasses({})}>
          {state === "paused" ? "Publish again" : "Publish course"}
        </button>
      )}
      <ChangeError error={error} />
    </div>
  );
}
