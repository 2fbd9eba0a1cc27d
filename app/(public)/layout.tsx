import type { ReactNode } from "react";
import { SkipLink } from "@/components/layout/skip-link";
import { PublicHeader } from "@/components/layout/public-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { getPageCaller } from "@/lib/auth/page";

export default async function PublicLayout({ children }: { children: ReactNode }) {
  // Someone signed in gets a way back to their area (the admin's or the learner's) instead of Login.
  const caller = await getPageCaller().catch(() => null);
  const account = caller ? { href: caller.role === "admin" ? "/admin" : "/dashboard", label: "Dashboard" } : undefined;
  return (
    <>
      <SkipLink />
      <PublicHeader account={account} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
