"use client";

// What the public and the learner headers share: the wide-screen links, the phone menu's state, and
// which link is the current page.
import Link from "next/link";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { LinkPending } from "@/components/ui/link-pending";
import { useDismiss } from "@/components/ui/use-dismiss";

export type NavLink = { href: string; label: string };

/** "page" for the link of the current route or any route below it (for aria-current). */
export function currentFor(pathname: string, href: string): "page" | undefined {
  return pathname === href || pathname.startsWith(`${href}/`) ? "page" : undefined;
}

/** The wide-screen header links, the current one underlined; `children` are further items after them. */
export function HeaderLinks({ links, pathname, children }: { links: readonly NavLink[]; pathname: string; children?: ReactNode }) {
  return (
    <ul className="flex items-center gap-1">
      {links.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            aria-current={currentFor(pathname, link.href)}
            className="rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 lg:px-3 hover:text-slate-900 aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
          >
            {link.label}
            <LinkPending className="ml-1.5 align-[-0.125em]" />
          </Link>
        </li>
      ))}
      {children}
    </ul>
  );
}

/**
 * A phone menu panel's state. Its owner remounts it per pathname, so arriving on another page closes
 * it. Until then a tapped link leaves it open, so the link can show that the tap is waiting for the
 * server (`LinkPending`); `closeIfCurrent(href)`, a link's click handler, closes it at once for the
 * current page's own link, where no navigation comes. Escape and a press outside close it too.
 */
export function useMenuPanel(pathname: string) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  useDismiss(open, close, rootRef, buttonRef);
  const closeIfCurrent = (href: string) => (currentFor(pathname, href) ? close : undefined);
  return { open, toggle, panelId, rootRef, buttonRef, closeIfCurrent };
}

const PANEL_ROW =
  "flex min-h-11 w-full items-center rounded-md px-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800";

/** A phone menu panel's links, a row each, as `<li>`s; `closeIfCurrent` comes from useMenuPanel. */
export function PanelLinks({ links, pathname, closeIfCurrent }: { links: readonly NavLink[]; pathname: string; closeIfCurrent: (href: string) => (() => void) | undefined }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} onClick={closeIfCurrent(link.href)} aria-current={currentFor(pathname, link.href)} className={PANEL_ROW}>
            {link.label}
            <LinkPending className="ml-auto" />
          </Link>
        </li>
      ))}
    </>
  );
}
