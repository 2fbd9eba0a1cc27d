import type { ReactNode } from "react";
import { RefreshOnReturn } from "@/components/layout/refresh-on-return";
import { SkipLink } from "@/components/layout/skip-link";
import { LearnerHeader } from "@/components/dashboard/learner-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { CourseWritingProvider } from "@/components/courses/course-writing";
import { getDb } from "@/db/client";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { modelConfigured } from "@/lib/authoring/generation/waiting";
import { logger } from "@/lib/platform/log/logger";
import { unreadCount } from "@/lib/accounts/notifications/inbox";

// Every /dashboard page is for learners only: anyone else is sent to /login by requirePageCaller.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const caller = await requirePageCaller("user");
  const fullName = `${caller.firstName} ${caller.lastName}`.trim() || "User";
  // One index-only count on every page (docs/performance.md); a failed read leaves the bell to ask.
  const unread = await unreadCount(getDb(), caller.id).then(
    (c) => c.unread_count,
    (error: unknown) => {
      logger().error({ err: error }, "could not count the learner's unread notifications");
      return null;
    },
  );

  return (
    <>
      <SkipLink />
      <RefreshOnReturn />
      <LearnerHeader name={fullName} unread={unread} />
      <main id="main" className="flex-1">
        <CourseWritingProvider on={modelConfigured()}>{children}</CourseWritingProvider>
      </main>
      <SiteFooter />
    </>
  );
}
