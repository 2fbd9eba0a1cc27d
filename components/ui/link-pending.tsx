"use client";

import { useLinkStatus } from "next/link";

/**
 * Inside a `<Link>`: a small spinner while a tap on it waits for the server. That happens when the
 * tap comes before the link's prefetch (sent when it scrolls into view) has brought the next page's
 * loading state: on a slow network, within the first moments on a page. Without it the old page
 * stays up with no sign the tap was taken, and people tap again. Shown only once the wait has
 * lasted 150 ms (`[data-link-pending]` in app/globals.css), so a quick navigation does not flash it.
 */
export function LinkPending({ className }: { className?: string }) {
  const { pending } = useLinkStatus();
  return (
    <span aria-hidden="true" data-link-pending="" data-pending={pending ? "" : undefined} className={className}>
      <span className="block size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none" />
    </span>
  );
}
