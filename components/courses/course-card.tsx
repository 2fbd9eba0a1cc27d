import Link from "next/link";
import { useId, type ReactNode } from "react";
import { DifficultyBadge } from "@/components/courses/difficulty-badge";
import { GenerationBadge } from "@/components/courses/generation-badge";
import { LinkPending } from "@/components/ui/link-pending";
import { ProgressBar } from "@/components/ui/progress-bar";
import { stretchedLinkClasses } from "@/components/ui/stretched-link";
import { PauseIcon } from "@/components/courses/pause-icon";
import { formatLearningTime } from "@/lib/catalogue/courses/duration";
import type { CourseSummary } from "@/lib/catalogue/courses/responses";

/** What a course card shows (a course list item from lib/, or the same fields from the API). */
export type CourseCardCourse = Pick<
  CourseSummary,
  "id" | "course_title" | "course_description" | "course_level" | "duration_minutes" | "is_detail_created_by_ai" | "generation_status" | "paused"
>;

export type CourseCardOptions = {
  /** Shows a progress bar and 'N% completed' (enrolled courses only). */
  progress?: number;
  /** Shows the 'Completed' badge. */
  completed?: boolean;
  /** The card title's heading level: 2 under a page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
};

/** The course reader for a course: its id travels in the URL so reloads and shared links work. */
export function readerHref(courseId: number): string {
  return `/dashboard/detail-courses?courseId=${courseId}`;
}

export const cardClasses =
  "group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition " +
  "hover:border-brand-600 hover:shadow-md motion-reduce:transition-none";

/**
 * The inside of a course card: badges, title (2 lines), description (6 lines), duration, and optionally
 * progress. `title` is the card's link (see stretchedLinkClasses); `descriptionId` lets it be described by the description.
 */
export function CourseCardBody({
  course,
  title,
  descriptionId,
  progress,
  completed = false,
  headingLevel = 2,
}: CourseCardOptions & { course: CourseCardCourse; title: ReactNode; descriptionId: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {completed ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
              <span aria-hidden="true">✓</span> Completed
            </span>
          ) : null}
          <DifficultyBadge level={course.course_level} />
        </div>
        <GenerationBadge generated={course.is_detail_created_by_ai} status={course.generation_status} />
      </div>
      <Heading className="mt-4 line-clamp-2 text-lg font-semibold text-slate-900 group-hover:text-brand-700">{title}</Heading>
      {/* The wrapper grows (equal-height cards); the clamped paragraph itself must not, or lines leak past the clamp. */}
      <div className="mt-2 flex-1">
        <p id={descriptionId} className="line-clamp-6 text-sm whitespace-pre-line text-slate-600">
          {course.course_description}
        </p>
      </div>
      {/* The estimate of its content (docs/product-rules.md, "Durations"); a course with nothing written yet has none. */}
      {course.duration_minutes > 0 ? (
        <p className="mt-5 flex items-center gap-1.5 text-sm font-medium text-slate-700" data-testid="course-duration">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
          <span>
            {formatLearningTime(course.duration_minutes)}
            <span className="sr-only"> of learning</span>
          </span>
        </p>
      ) : null}
      {progress === undefined ? null : <CardProgress value={progress} label={`${course.course_title} progress`} />}
      {/* Its learners keep it in their lists, without content (docs/product-rules.md, "Review and publication"). */}
      {course.paused ? (
        <p className="mt-4 flex items-center gap-1.5 text-sm font-semibold text-slate-800" data-testid="course-paused-badge">
          <PauseIcon />
          Paused by the admin
        </p>
      ) : null}
    </>
  );
}

function CardProgress({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="mt-4">
      <ProgressBar value={percent} label={label} />
      <p className="mt-1.5 text-sm font-medium text-slate-700">{percent}% completed</p>
    </div>
  );
}

/** A course card that opens the course reader: a real link, so it works with keyboard, middle-click and no JS. */
export function CourseCard({ course, ...options }: CourseCardOptions & { course: CourseCardCourse }) {
  const id = useId();
  const title = (
    <Link href={readerHref(course.id)} aria-describedby={`${id}-description`} className={stretchedLinkClasses}>
      {course.course_title}
      <LinkPending className="ml-2 align-[-0.125em]" />
    </Link>
  );
  return (
    <div className={cardClasses}>
      <CourseCardBody course={course} title={title} descriptionId={`${id}-description`} {...options} />
    </div>
  );
}

/** A responsive grid of course cards (each child is one card). */
export function CourseGrid({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul role="list" aria-label={label} className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}

export function CourseGridItem({ children }: { children: ReactNode }) {
  return <li className="flex">{children}</li>;
}
