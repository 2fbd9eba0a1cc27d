"use client";

// The public header's only client code: it needs the pathname (aria-current) and the menu's open state.
import { usePathname } from "next/navigation";
import { currentFor, HeaderLinks, PanelLinks, useMenuPanel } from "@/components/layout/header-nav";
import { ButtonLink } from "@/components/ui/button-link";
import { MenuToggle } from "@/components/ui/menu-toggle";

const LINKS = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
] as const;

const LOGIN = { href: "/login", label: "Login" } as const;

/** The header's call to action: Login, or the way back to the app for someone signed in. */
export type AccountLink = { href: string; label: string };

/** The wide-screen navigation items: Home, About and the Login (or Dashboard) button. */
export function NavLinks({ account = LOGIN }: { account?: AccountLink }) {
  const pathname = usePathname();
  return (
    <HeaderLinks links={LINKS} pathname={pathname}>
      <li className="ml-2">
        <ButtonLink href={account.href} size="sm" aria-current={currentFor(pathname, account.href)}>
          {account.label}
        </ButtonLink>
      </li>
    </HeaderLinks>
  );
}

/** The small-screen menu toggle and its panel, remounted per pathname (see useMenuPanel). */
export function MobileMenu({ account = LOGIN }: { account?: AccountLink }) {
  const pathname = usePathname();
  return <MobileMenuPanel key={pathname} pathname={pathname} account={account} />;
}

function MobileMenuPanel({ pathname, account }: { pathname: string; account: AccountLink }) {
  const { open, toggle, panelId, rootRef, buttonRef, closeIfCurrent } = useMenuPanel(pathname);

  return (
    <div ref={rootRef} className="md:hidden">
      <MenuToggle ref={buttonRef} open={open} controls={panelId} onToggle={toggle} />

      <nav
        id={panelId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white shadow-lg"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
          <PanelLinks links={LINKS} pathname={pathname} closeIfCurrent={closeIfCurrent} />
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
