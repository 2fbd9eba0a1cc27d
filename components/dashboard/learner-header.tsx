import Link from "next/link";
import { LearnerMobileMenu, LearnerNavLinks } from "@/components/dashboard/learner-mobile-menu";
import { UserMenu } from "@/components/dashboard/user-menu";
import { LogoMark } from "@/components/layout/public-header";

/** The learner area's top bar: brand, Review / Progress / Completed Courses / Explore Topics, the account menu; one menu below `md`. */
export function LearnerHeader({ name }: { name: string }) {
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
        <div className="hidden items-center gap-4 md:flex">
          <nav aria-label="Main">
            <LearnerNavLinks />
          </nav>
          <UserMenu name={name} />
        </div>
        <LearnerMobileMenu name={name} />
      </div>
    </header>
  );
}
