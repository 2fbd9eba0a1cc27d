import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button-link";
import { requirePageCaller } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const caller = await requirePageCaller("user");
  const greeting = caller.firstName.trim() ? `Welcome back, ${caller.firstName.trim()}` : "Welcome back";

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{greeting}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Pick up where you left off, find a new topic to learn, or look back at the courses you have finished.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink href="/dashboard/explore-topics" size="lg">
          Explore Topics
        </ButtonLink>
        <ButtonLink href="/dashboard/completed-courses" variant="outline" size="lg">
          Completed Courses
        </ButtonLink>
      </div>
    </div>
  );
}
