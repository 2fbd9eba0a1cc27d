"use client";

// The learner header's client parts besides the account menu: the wide-screen links (they need the
// pathname for aria-current) and the small-screen menu with every link of the header.
import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";
import { usePathname } from "next/navigation";
import { useCallback, useId, useRef, useState } from "react";
import { MenuToggle } from "@/components/ui/menu-toggle";
import { useDismiss } from "@/components/ui/use-dismiss";
import { LogoutButton } from "@/components/auth/logout-button";
import { ACCOUNT_LINKS, currentFor } from "@/components/dashboard/user-menu";

const LEARNER_LINKS = [
  { href: "/dashboard/completed-courses", label: "Completed Courses" },
  { href: "/dashboard/explore-topics", label: "Explore Topics" },
] as const;

/** Completed Courses and Explore Topics, for the wide-screen top bar. */
export function LearnerNavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex items-center gap-1">
      {LEARNER_LINKS.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            aria-current={currentFor(pathname, link.href)}
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
          >
            {link.label}
            <LinkPending className="ml-1.5 align-[-0.125em]" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The small-screen menu toggle and its panel. Remounted per pathname, so arriving on another page
 * closes it. Until then a tapped link leaves it open, so the link can show that the tap is waiting
 * for the server; a tap on the current page's own link closes it at once.
 */
export function LearnerMobileMenu({ name }: { name: string }) {
  const pathname = usePathname();
  return <LearnerMobileMenuPanel key={pathname} name={name} pathname={pathname} />;
}

const ROW =
  "flex min-h-11 w-full items-center rounded-md px-3 text-left text-base font-medium hover:bg-slate-100";

function LearnerMobileMenuPanel({ name, pathname }: { name: string; pathname: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);
  const closeIfCurrent = (href: string) => (currentFor(pathname, href) ? close : undefined);
  const linkRow = `${ROW} text-slate-800 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800`;

  return (
    <div ref={rootRef} className="md:hidden">
      <MenuToggle ref={buttonRef} open={open} controls={panelId} onToggle={() => setOpen((value) => !value)} />

      <nav
        id={panelId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white shadow-lg"
      >
        <div className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col gap-1">
            {LEARNER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} onClick={closeIfCurrent(link.href)} aria-current={currentFor(pathname, link.href)} className={linkRow}>
                  {link.label}
                  <LinkPending className="ml-auto" />
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-3 border-t border-slate-200 px-3 pt-3 text-sm text-slate-600">
            Signed in as <span className="font-semibold text-slate-900">{name}</span>
          </p>
          <ul className="mt-1 flex flex-col gap-1">
            {ACCOUNT_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} onClick={closeIfCurrent(link.href)} aria-current={currentFor(pathname, link.href)} className={linkRow}>
                  {link.label}
                  <LinkPending className="ml-auto" />
                </Link>
              </li>
            ))}
            <li>
              <LogoutButton className={`${ROW} text-red-700 disabled:opacity-60`}>Logout</LogoutButton>
            </li>
          </ul>
        </div>
      </nav>
    </div>
  );
}
