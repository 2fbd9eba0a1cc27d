"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type MouseEvent, useId, useRef, useState } from "react";
import { CourseCardBody, cardClasses, readerHref, type CourseCardCourse } from "@/components/courses/course-card";
import { stretchedLinkClasses } from "@/components/ui/stretched-link";
import { toastError } from "@/components/ui/toaster";
import { call } from "@/client/api";

/** The fallback message when the server gives no detail (a network failure, say). */
export const ENROLL_FAILED = "Failed to enroll in course";

/**
 * A recommended course: clicking it enrols the learner (POST /enroll, idempotent on the server), refreshes
 * the dashboard's lists, then opens the reader. While enrolling the card says so and ignores further clicks;
 * a failure is shown on the card (role="alert") and as a toast, and the card can be clicked again.
 */
export function EnrollCourseCard({ course, headingLevel }: { course: CourseCardCourse; headingLevel?: 2 | 3 }) {
  const router = useRouter();
  const id = useId();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const href = readerHref(course.id);

  async function enrollThenOpen(event: MouseEvent<HTMLAnchorElement>) {
    // The link only opens the course after enrolling, whatever the modifier keys.
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    try {
      await call("POST /enroll", { json: { course_id: course.id }, fallback: ENROLL_FAILED });
      router.refresh();
      router.push(href);
      // Stays pending until the reader replaces this page.
    } catch (caught) {
      const message = caught instanceof Error && caught.message ? caught.message : ENROLL_FAILED;
      setError(message);
      toastError(message);
      inFlight.current = false;
      setPending(false);
    }
  }

  const title = (
    <Link
      href={href}
      onClick={enrollThenOpen}
      aria-describedby={`${id}-action ${id}-description`}
      aria-busy={pending || undefined}
      className={stretchedLinkClasses}
    >
      {course.course_title}
    </Link>
  );

  return (
    // relative: keeps the sr-only status inside the card, or it would widen the page from inside a scrolling row.
    <div className="relative flex w-full flex-col">
      <div className={`${cardClasses} flex-1 ${pending ? "cursor-progress" : ""}`}>
        <CourseCardBody course={course} title={title} descriptionId={`${id}-description`} headingLevel={headingLevel} />
        <span id={`${id}-action`} className="mt-4 text-sm font-semibold text-brand-700">
          {pending ? "Enrolling..." : "Enrol and start →"}
        </span>
        {pending ? <span aria-hidden="true" className="absolute inset-0 z-20 rounded-2xl bg-white/60" /> : null}
      </div>
      <p role="status" className="sr-only">
        {pending ? `Enrolling in ${course.course_title}...` : ""}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
