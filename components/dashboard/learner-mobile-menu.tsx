"use client";

// The learner header's client parts besides the account menu: the wide-screen links (they need the
// pathname for aria-current) and the small-screen menu with every link of the header.
import { usePathname } from "next/navigation";
import { HeaderLinks, PanelLinks, useMenuPanel } from "@/components/layout/header-nav";
import { MenuToggle } from "@/components/ui/menu-toggle";
import { LogoutButton } from "@/components/auth/logout-button";
import { ACCOUNT_LINKS } from "@/components/dashboard/user-menu";

const LEARNER_LINKS = [
  { href: "/dashboard/review", label: "Review" },
  { href: "/dashboard/progress", label: "Progress" },
  { href: "/dashboard/completed-courses", label: "Completed Courses" },
  { href: "/dashboard/explore-topics", label: "Explore Topics" },
] as const;

/** Review, Progress, Completed Courses and Explore Topics, for the wide-screen top bar. */
export function LearnerNavLinks() {
  return <HeaderLinks links={LEARNER_LINKS} pathname={usePathname()} />;
}

/** The small-screen menu toggle and its panel, remounted per pathname (see useMenuPanel). */
export function LearnerMobileMenu({ name }: { name: string }) {
  const pathname = usePathname();
  return <LearnerMobileMenuPanel key={pathname} name={name} pathname={pathname} />;
}

const ROW =
  "flex min-h-11 w-full items-center rounded-md px-3 text-left text-base font-medium hover:bg-slate-100";

function LearnerMobileMenuPanel({ name, pathname }: { name: string; pathname: string }) {
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
        <div className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col gap-1">
            <PanelLinks links={LEARNER_LINKS} pathname={pathname} closeIfCurrent={closeIfCurrent} />
          </ul>
          <p className="mt-3 border-t border-slate-200 px-3 pt-3 text-sm text-slate-600">
            Signed in as <span className="font-semibold text-slate-900">{name}</span>
          </p>
          <ul className="mt-1 flex flex-col gap-1">
            <PanelLinks links={ACCOUNT_LINKS} pathname={pathname} closeIfCurrent={closeIfCurrent} />
            <li>
              <LogoutButton className={`${ROW} text-red-700 disabled:opacity-60`}>Logout</LogoutButton>
            </li>
          </ul>
        </div>
      </nav>
    </div>
  );
}
