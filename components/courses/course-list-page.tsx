import type { ReactNode } from "react";

/** The frame shared by the learner's course list pages: one h1, an intro line, then the list or its state. */
export function CourseListPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">{intro}</p>
      {children}
    </div>
  );
}

export function CourseListEmpty({ children }: { children: ReactNode }) {
  return <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">{children}</div>;
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
