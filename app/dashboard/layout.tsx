import type { ReactNode } from "react";
import { LearnerHeader } from "@/components/dashboard/learner-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { requirePageCaller } from "@/lib/auth/page";

// Every /dashboard page is for learners only: anyone else is sent to /login by requirePageCaller.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const caller = await requirePageCaller("user");
  const fullName = `${caller.firstName} ${caller.lastName}`.trim() || "User";

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        Skip to content
      </a>
      <LearnerHeader name={fullName} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
