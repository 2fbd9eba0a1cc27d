import Link from "next/link";
import { LearnerMobileMenu, LearnerNavLinks } from "@/components/dashboard/learner-mobile-menu";
import { UserMenu } from "@/components/dashboard/user-menu";
import { LogoMark } from "@/components/layout/public-header";
import { NotificationBell } from "@/components/notifications/notification-bell";

/**
 * The learner area's top bar: brand, Review / Progress / Completed Courses / Explore Topics, the notifications' bell,
 * the account menu; below `md`, the bell and one menu. `unread`: the caller's unread notifications
 * (null when they could not be read: the bell asks itself).
 */
export function LearnerHeader({ name, unread }: { name: string; unread: number | null }) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          href="/dashboard"
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900"
        >
          <LogoMark />
          LearnPath
        </Link>
        <div className="flex items-center gap-2 md:gap-4">
          <nav aria-label="Main" className="hidden md:block">
            <LearnerNavLinks />
          </nav>
          <NotificationBell initialCount={unread} />
          <div className="hidden md:block">
            <UserMenu name={name} />
          </div>
          <LearnerMobileMenu name={name} />
        </div>
      </div>
    </header>
  );
}
