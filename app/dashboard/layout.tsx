import type { ReactNode } from "react";
import { RefreshOnReturn } from "@/components/layout/refresh-on-return";
import { SkipLink } from "@/components/layout/skip-link";
import { LearnerHeader } from "@/components/dashboard/learner-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { CourseWritingProvider } from "@/components/courses/course-writing";
import { requirePageCaller } from "@/lib/auth/page";
import { modelConfigured } from "@/lib/generation/waiting";

// Every /dashboard page is for learners only: anyone else is sent to /login by requirePageCaller.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const caller = await requirePageCaller("user");
  const fullName = `${caller.firstName} ${caller.lastName}`.trim() || "User";

  return (
    <>
      <SkipLink />
      <RefreshOnReturn />
      <LearnerHeader name={fullName} />
      <main id="main" className="flex-1">
        <CourseWritingProvider on={modelConfigured()}>{children}</CourseWritingProvider>
      </main>
      <SiteFooter />
    </>
  );
}
