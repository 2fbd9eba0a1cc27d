import Link from "next/link";
import type { ReactNode } from "react";

/** A link inside a list's empty or error text. */
export const TEXT_LINK = "font-semibold text-brand-700 underline hover:text-brand-800";

/** The frame shared by the learner's course list pages: one h1, an intro line, then the list or its state. */
export function CourseListPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {intro ? <p className="mt-3 max-w-2xl text-lg text-slate-600">{intro}</p> : null}
      {children}
    </div>
  );
}

export function CourseListEmpty({ children }: { children: ReactNode }) {
  return <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">{children}</div>;
}

/** An empty list's pointer to where courses are: the recommendations or all topics. */
export function FindCoursesHint() {
  return (
    <p className="mt-2 text-sm">
      <Link href="/dashboard/recommended" className={TEXT_LINK}>
        See the courses recommended for you
      </Link>{" "}
      or{" "}
      <Link href="/dashboard/explore-topics" className={TEXT_LINK}>
        explore all topics
      </Link>
      .
    </p>
  );
}

export function CourseListError({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-10 text-red-700">
      {message}
    </p>
  );
}

/** ?page= as a number (anything else becomes NaN, which the paged lib functions treat as page 1). */
export function requestedPage(value: string | string[] | undefined): number {
  return Number(Array.isArray(value) ? value[0] : value);
}
