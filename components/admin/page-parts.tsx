import type { ReactNode } from "react";
import { Icon } from "@/components/ui/icons";

/* Small server-side pieces shared by the admin pages: the page heading, a load failure, a table frame. */

export function AdminHeading({ title, intro, action }: { title: string; intro?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {intro ? <p className="mt-2 max-w-2xl text-slate-600">{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** A page whose data could not be loaded: the failure message, in red, announced to screen readers. */
export function LoadError({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800">
      <Icon name="sadFace" className="mr-1.5 inline size-5 align-[-0.25em]" />
      {message}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="mt-8 rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">{children}</p>;
}

/**
 * A scrollable, captioned table; the caption names it for screen readers. On a narrow screen the
 * table scrolls inside its box, never the page: the box is `relative`, so the screen-reader-only
 * labels in its cells (absolutely positioned) stay inside it too; and the last column (the row's
 * actions) sticks to the box's right edge, so Edit and Delete are in reach without scrolling.
 */
export function AdminTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="relative mt-6 max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[44rem] text-left text-sm [&_tbody_tr>:last-child]:bg-white [&_thead_tr>:last-child]:bg-slate-50 [&_tr>:last-child]:sticky [&_tr>:last-child]:right-0 [&_tr>:last-child]:shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.25)] md:[&_tr>:last-child]:shadow-none">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">{head}</thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** "12 topics matching "py"": how many rows the search found, announced when it changes. */
export function ResultCount({ total, noun, search }: { total: number; noun: string; search: string }) {
  return (
    <p className="mt-6 text-sm text-slate-600" aria-live="polite">
      {total} {total === 1 ? noun : `${noun}s`}
      {search ? ` matching "${search}"` : ""}
    </p>
  );
}

export const TH = "px-4 py-3";
export const TD = "px-4 py-3 align-top text-slate-800";
