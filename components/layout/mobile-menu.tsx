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
const SIGN_UP = { href: "/signup", label: "Sign up" } as const;

/** The header's call to action for someone signed in: the way back to their area. */
export type AccountLink = { href: string; label: string };

/**
 * The header's buttons: a visitor's Login and Sign up (sign-up within reach of every public page:
 * docs/product-rules.md, Screens), or someone signed in's Dashboard. The last is the main one.
 */
function actionsFor(account: AccountLink | undefined): readonly (AccountLink & { variant: "primary" | "outline" })[] {
  return account ? [{ ...account, variant: "primary" }] : [{ ...LOGIN, variant: "outline" }, { ...SIGN_UP, variant: "primary" }];
}

/** The wide-screen navigation items: Home, About and the Login and Sign up (or Dashboard) buttons. */
export function NavLinks({ account }: { account?: AccountLink }) {
  const pathname = usePathname();
  return (
    <HeaderLinks links={LINKS} pathname={pathname}>
      {actionsFor(account).map((action, index) => (
        <li key={action.href} className={index === 0 ? "ml-2" : undefined}>
          <ButtonLink href={action.href} variant={action.variant} size="sm" aria-current={currentFor(pathname, action.href)}>
            {action.label}
          </ButtonLink>
        </li>
      ))}
    </HeaderLinks>
  );
}

/** The small-screen menu toggle and its panel, remounted per pathname (see useMenuPanel). */
export function MobileMenu({ account }: { account?: AccountLink }) {
  const pathname = usePathname();
  return <MobileMenuPanel key={pathname} pathname={pathname} account={account} />;
}

function MobileMenuPanel({ pathname, account }: { pathname: string; account: AccountLink | undefined }) {
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
          {actionsFor(account).map((action, index) => (
            <li key={action.href} className={index === 0 ? "pt-2" : undefined}>
              <ButtonLink
                href={action.href}
                variant={action.variant}
                onClick={closeIfCurrent(action.href)}
                aria-current={currentFor(pathname, action.href)}
                className="w-full"
              >
                {action.label}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
