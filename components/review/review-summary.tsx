"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { LEVEL_LABEL } from "@/components/mastery/level-badge";
import { readerHref } from "@/components/reader/links";
import { buttonClasses } from "@/components/ui/button-link";
import type { ReviewAnswer, ReviewCard } from "@/lib/practice/review/responses";

/** One concept reviewed in the session: its level when the session first met it, and now. */
export type ConceptMoved = Pick<ReviewAnswer, "concept" | "level_before" | "level"> & Pick<ReviewCard, "course_id" | "course_title">;

/**
 * The end of a review session: the score, what moved (each concept reviewed with its level before
 * and after, in words), and the way back to each course reviewed besides progress and the
 * dashboard. Focus moves to its heading, so the keyboard and a screen reader land on it.
 */
export function ReviewSummary({ right, total, moved }: { right: number; total: number; moved: ConceptMoved[] }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const courses = [...new Map(moved.map((m) => [m.course_id, m.course_title])).entries()];
  return (
    <section aria-labelledby="review-done" className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h2 id="review-done" ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
        Review complete
      </h2>
      <p className="mt-2 text-lg text-slate-700">
        You answered {right} of {total} right.
      </p>
      {moved.length ? (
        <div className="mx-auto mt-6 max-w-md text-left">
          <h3 id="review-moved" className="font-semibold text-slate-900">
            Concepts reviewed
          </h3>
          <ul aria-labelledby="review-moved" className="mt-2 space-y-1 text-slate-700">
            {moved.map((m) => (
              <li key={`${m.course_id}:${m.concept}`} data-testid="concept-moved">
                <span className="font-medium text-slate-900">{m.concept}</span>:{" "}
                {m.level === m.level_before ? (
                  `${LEVEL_LABEL[m.level]} (unchanged)`
                ) : (
                  <>
                    {/* The arrow for the eye, "to" for a screen reader (many skip the symbol). */}
                    {LEVEL_LABEL[m.level_before]}
                    <span aria-hidden="true"> → </span>
                    <span className="sr-only"> to </span>
                    {LEVEL_LABEL[m.level]}
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {courses.map(([courseId, title]) => (
          <Link key={courseId} href={readerHref(courseId)} className={buttonClasses({ variant: "outline" })}>
            Back to {title}
          </Link>
        ))}
        <Link href="/dashboard/progress" className={buttonClasses()}>
          See your progress
        </Link>
        <Link href="/dashboard" className={buttonClasses({ variant: "outline" })}>
          Back to dashboard
        </Link>
      </div>
    </section>
  );
}
