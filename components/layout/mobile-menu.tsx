"use client";

// The public header's only client code: it needs the pathname (aria-current) and the menu's open state.
import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";
import { usePathname } from "next/navigation";
import { useCallback, useId, useRef, useState } from "react";
import { MenuToggle } from "@/components/ui/menu-toggle";
import { useDismiss } from "@/components/ui/use-dismiss";
import { ButtonLink } from "@/components/ui/button-link";

const LINKS = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
] as const;

const LOGIN = { href: "/login", label: "Login" } as const;

/** The header's call to action: Login, or the way back to the app for someone signed in. */
export type AccountLink = { href: string; label: string };

function currentFor(pathname: string, href: string): "page" | undefined {
  return pathname === href ? "page" : undefined;
}

/** The wide-screen navigation items: Home, About and the Login (or Dashboard) button. */
export function NavLinks({ account = LOGIN }: { account?: AccountLink }) {
  const pathname = usePathname();
  return (
    <ul className="flex items-center gap-1">
      {LINKS.map((link) => (
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
      <li className="ml-2">
        <ButtonLink href={account.href} size="sm" aria-current={currentFor(pathname, account.href)}>
          {account.label}
        </ButtonLink>
      </li>
    </ul>
  );
}

/**
 * The small-screen menu toggle and its panel. Remounted per pathname, so arriving on another page
 * closes it. Until then a tapped link leaves it open, so the link can show that the tap is waiting
 * for the server; a tap on the current page's own link closes it at once.
 */
export function MobileMenu({ account = LOGIN }: { account?: AccountLink }) {
  const pathname = usePathname();
  return <MobileMenuPanel key={pathname} pathname={pathname} account={account} />;
}

function MobileMenuPanel({ pathname, account }: { pathname: string; account: AccountLink }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);
  const closeIfCurrent = (href: string) => (currentFor(pathname, href) ? close : undefined);

  return (
    <div ref={rootRef} className="md:hidden">
      <MenuToggle ref={buttonRef} open={open} controls={panelId} onToggle={() => setOpen((value) => !value)} />

      <nav
        id={panelId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white shadow-lg"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
          {LINKS.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                onClick={closeIfCurrent(link.href)}
                aria-current={currentFor(pathname, link.href)}
                className="flex min-h-11 items-center rounded-md px-3 text-base font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
              >
                {link.label}
                <LinkPending className="ml-auto" />
              </Link>
            </li>
          ))}
          <li className="pt-2">
            <ButtonLink
              href={account.href}
              onClick={closeIfCurrent(account.href)}
              aria-current={currentFor(pathname, account.href)}
              className="w-full"
            >
              {account.label}
            </ButtonLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
