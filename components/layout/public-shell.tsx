import type { ReactNode } from "react";
import { PublicHeader } from "@/components/layout/public-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { SkipLink } from "@/components/layout/skip-link";
import { getPageRole } from "@/lib/accounts/auth/page";
import { homeFor } from "@/lib/platform/navigation/callback-url";

/** Where someone signed in goes back to their area (the admin's or the learner's), or null for a visitor. */
export async function signedInHome(): Promise<string | null> {
  const role = await getPageRole();
  return role ? homeFor(role) : null;
}

/**
 * The public site's frame: skip link, header, `<main>` and footer. The public pages, the not-found
 * page and the not-allowed page share it. Someone signed in gets "Dashboard" in the header instead
 * of Login and Sign up.
 */
export async function PublicShell({ children }: { children: ReactNode }) {
  const home = await signedInHome();
  return (
    <>
      <SkipLink />
      <PublicHeader account={home ? { href: home, label: "Dashboard" } : undefined} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
