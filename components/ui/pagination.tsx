import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";

/**
 * Previous / 'Page X of Y' / Next as links to ?page=N (server-rendered, shareable, works without JS).
 * Renders nothing for a single page.
 */
export function Pagination({ page, totalPages, basePath, query = {} }: { page: number; totalPages: number; basePath: string; query?: Record<string, string> }) {
  if (totalPages <= 1) return null;
  const href = (n: number) => `${basePath}?${new URLSearchParams({ ...query, page: String(n) }).toString()}`;
  const item = "inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium";
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link href={href(page - 1)} className={`${item} text-slate-800 hover:bg-slate-50`} rel="prev">
          Previous
          <LinkPending className="ml-2" />
        </Link>
      ) : (
        <span aria-disabled="true" className={`${item} cursor-not-allowed text-slate-400`}>
          Previous
        </span>
      )}
      <span className="text-sm text-slate-700" aria-current="page">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link href={href(page + 1)} className={`${item} text-slate-800 hover:bg-slate-50`} rel="next">
          Next
          <LinkPending className="ml-2" />
        </Link>
      ) : (
        <span aria-disabled="true" className={`${item} cursor-not-allowed text-slate-400`}>
          Next
        </span>
      )}
    </nav>
  );
}

/** Reads ?page= safely: a whole number from 1 to totalPages, else 1 (or the last page). */
export function pageFrom(value: string | string[] | undefined, totalPages: number): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  if (!Number.isInteger(n) || n < 1) return 1;
  return Math.min(n, Math.max(1, totalPages));
}
