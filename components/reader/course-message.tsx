import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button-link";
import { RefreshButton } from "./refresh-button";
import type { LoadedCourse } from "./load-course";

/** A page-level message with its h1: the state of a course page that has no course to show. */
export function CourseMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
}

/**
 * What the reader and the course overview show when the course did not load: none asked for, not
 * found, or a failure (with Retry). Null when it loaded. `doing` finishes "Open a course ... to ...".
 */
export function CourseNotLoaded({ loaded, doing, errorTitle }: { loaded: LoadedCourse; doing: string; errorTitle: string }) {
  if (loaded.kind === "none") {
    return (
      <CourseMessage title="No course selected.">
        <p className="mt-4 text-slate-700">Open a course from your dashboard or from a topic to {doing}.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink href="/dashboard">Go to dashboard</ButtonLink>
          <ButtonLink href="/dashboard/explore-topics" variant="outline">
            Explore Topics
          </ButtonLink>
        </div>
      </CourseMessage>
    );
  }
  if (loaded.kind === "not_found") {
    return (
      <CourseMessage title="Course not found.">
        <p className="mt-4 text-slate-700">This course does not exist or was removed.</p>
        <div className="mt-6">
          <ButtonLink href="/dashboard/explore-topics" variant="outline">
            Explore Topics
          </ButtonLink>
        </div>
      </CourseMessage>
    );
  }
  if (loaded.kind === "error") {
    return (
      <CourseMessage title={errorTitle}>
        <p role="alert" className="mt-4 text-red-700">
          Failed to fetch course
        </p>
        <div className="mt-6">
          <RefreshButton label="Retry" />
        </div>
      </CourseMessage>
    );
  }
  return null;
}
