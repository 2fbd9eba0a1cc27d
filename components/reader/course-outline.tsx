import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatLearningTime } from "@/lib/catalogue/courses/duration";
import type { Position } from "@/lib/catalogue/course-shape/progress";
import { readerHref } from "./links";

export type OutlineSection = {
  title: string;
  quizPassed: boolean;
  review: boolean;
  /** Still being generated: its titles are known, its content is not written yet. */
  beingWritten?: boolean;
  /** Not written, and never will be unless its course is resumed: the course's writing stopped. */
  notWritten?: boolean;
  /** Written and waiting for an admin's review (docs/product-rules.md, "Review and publication"). */
  inReview?: boolean;
  /** The earlier section whose quiz must be passed before this one opens (null: none). */
  waitsForQuiz: number | null;
  /** `minutes`: its reading time (null while its section is being written); `read`: moved on from, or its quiz passed. */
  subsections: { title: string; unlocked: boolean; read: boolean; minutes: number | null }[];
};

/**
 * The reader's left panel: progress with its percent, then each section with its subsections.
 * Unlocked subsections are links, ticked once read (lib/catalogue/course-shape/reader-navigation.ts isRead: not
 * merely opened) and an open circle before; locked ones (lock) are disabled and say so. Each
 * lesson shows its reading time, and the course the time left (docs/product-rules.md, "Durations").
 */
export function CourseOutline({
  courseId,
  progress,
  sections,
  current,
  minutesLeft,
}: {
  courseId: number;
  progress: number;
  minutesLeft: number;
  sections: OutlineSection[];
  current: Position | null;
}) {
  return (
    <nav aria-labelledby="outline-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="outline-heading" className="text-lg font-semibold text-slate-900">
        Course content
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <ProgressBar value={progress} />
        <span className="shrink-0 text-sm font-semibold text-slate-800" data-testid="course-progress">
          {progress}%
        </span>
      </div>
      {minutesLeft > 0 ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="time-left">
          {formatLearningTime(minutesLeft)} left
        </p>
      ) : null}

      <ol className="mt-5 space-y-5">
        {sections.map((section, sectionIndex) => (
          <li key={sectionIndex} aria-labelledby={`outline-section-${sectionIndex}`}>
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={`outline-section-${sectionIndex}`} className="text-sm font-semibold text-slate-900">
                {section.title}
              </h3>
              {section.quizPassed ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                  <CheckIcon className="size-3.5" /> Quiz passed
                </span>
              ) : section.review ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  <span aria-hidden="true">↺</span> Review
                </span>
              ) : section.inReview ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  <span aria-hidden="true">…</span> Waiting for review
                </span>
              ) : section.notWritten ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                  <span aria-hidden="true">✕</span> Not written
                </span>
              ) : section.beingWritten ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-500" /> Being written
                </span>
              ) : null}
            </div>
            {section.waitsForQuiz !== null ? (
              <p className="mt-1 text-xs text-slate-600">Pass the quiz of section {section.waitsForQuiz + 1} to open this section.</p>
            ) : null}
            <ol className="mt-2 space-y-1">
              {section.subsections.map((sub, subsectionIndex) => {
                const isCurrent = current?.sectionIndex === sectionIndex && current.subsectionIndex === subsectionIndex;
                const timed = sub.minutes !== null && sub.minutes > 0;
                // Room at the row's end for the lesson's time, which sits beside the link or button (not
                // in it), so each keeps its title as its name.
                const row = `flex min-h-10 w-full items-start gap-2 rounded-lg py-1.5 pl-2 text-left text-sm ${timed ? "pr-16" : "pr-2"}`;
                return (
                  <li key={subsectionIndex} className="relative">
                    {sub.unlocked ? (
                      <Link
                        href={readerHref(courseId, { sectionIndex, subsectionIndex })}
                        aria-current={isCurrent ? "page" : undefined}
                        className={`${row} ${isCurrent ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-800 hover:bg-slate-100"}`}
                      >
                        {sub.read ? <CheckIcon className="mt-0.5 size-4 shrink-0 text-green-700" /> : <UnreadIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />}
                        <span>{sub.title}</span>
                        <LinkPending className="mt-0.5 ml-auto shrink-0" />
                      </Link>
                    ) : (
                      <button type="button" disabled aria-disabled="true" aria-label={`${sub.title} (${section.notWritten ? "not written" : section.beingWritten ? "being written" : "locked"})`} className={`${row} cursor-not-allowed text-slate-500`}>
                        <LockIcon className="mt-0.5 size-4 shrink-0" />
                        <span>{sub.title}</span>
                      </button>
                    )}
                    {timed ? <LessonMinutes minutes={sub.minutes!} /> : null}
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A lesson's reading time ("4 min"), at the end of its row. */
function LessonMinutes({ minutes }: { minutes: number }) {
  return (
    <span className="pointer-events-none absolute top-2 right-2 text-xs whitespace-nowrap text-slate-600 tabular-nums" data-testid="outline-lesson-minutes">
      {formatLearningTime(minutes)}
      <span className="sr-only"> read</span>
    </span>
  );
}

function CheckIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" data-icon="read" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

function UnreadIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" data-icon="unread" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="7.5" />
    </svg>
  );
}

function LockIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
