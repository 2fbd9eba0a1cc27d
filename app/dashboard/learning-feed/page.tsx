import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { CourseCard, CourseGrid, CourseGridItem } from "@/components/courses/course-card";
import { CourseListEmpty, CourseListError, CourseListPage, FindCoursesHint, TEXT_LINK } from "@/components/courses/course-list-page";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listCompletedCourses, listOngoingCourses } from "@/lib/practice/learning/enrollment";
import { logger } from "@/lib/platform/log/logger";
import type { CourseSummary } from "@/lib/catalogue/courses/responses";

export const metadata: Metadata = { title: "My Learning" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type Tab = "ongoing" | "completed";

const TABS: { tab: Tab; label: string; href: string }[] = [
  { tab: "ongoing", label: "Ongoing", href: "/dashboard/learning-feed" },
  { tab: "completed", label: "Completed", href: "/dashboard/learning-feed?tab=completed" },
];

const INTRO = "The courses you are taking and the ones you have finished.";

/** My Learning: /dashboard/learning-feed with ?tab=completed. The tabs are links, so the URL always tells which one is open. */
export default async function LearningFeedPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const raw = (await searchParams).tab;
  const tab: Tab = (Array.isArray(raw) ? raw[0] : raw) === "completed" ? "completed" : "ongoing";

  let courses: CourseSummary[];
  try {
    courses = tab === "completed" ? await listCompletedCourses(getDb(), caller.id) : await listOngoingCourses(getDb(), caller.id);
  } catch (error) {
    logger().error({ err: error, tab }, "learning feed: could not load");
    return (
      <CourseListPage title="My Learning" intro={INTRO}>
        <TabBar current={tab} />
        <CourseListError message={tab === "completed" ? "Failed to fetch completed courses" : "Failed to fetch my courses"} />
      </CourseListPage>
    );
  }

  return (
    <CourseListPage title="My Learning" intro={INTRO}>
      <TabBar current={tab} />
      <div role="region" aria-label={tab === "completed" ? "Completed courses" : "Ongoing courses"}>
        {courses.length === 0 ? (
          <CourseListEmpty>
            {tab === "completed" ? (
              <>
                <p>No courses completed yet.</p>
                <p className="mt-2 text-sm">
                  <Link href="/dashboard/learning-feed" className={TEXT_LINK}>
                    Continue an ongoing course
                  </Link>{" "}
                  to see it here once you finish it.
                </p>
              </>
            ) : (
              <>
                <p>You have no courses in progress.</p>
                <FindCoursesHint />
              </>
            )}
          </CourseListEmpty>
        ) : (
          <CourseGrid>
            {courses.map((course) => (
              <CourseGridItem key={course.id}>
                <CourseCard course={course} progress={tab === "completed" ? 100 : course.course_progress} completed={tab === "completed"} />
              </CourseGridItem>
            ))}
          </CourseGrid>
        )}
      </div>
    </CourseListPage>
  );
}

/** Links styled as tabs: Tab and Enter work as everywhere, and the open one is marked aria-current. */
function TabBar({ current }: { current: Tab }) {
  return (
    <nav aria-label="My Learning tabs" className="mt-8 border-b border-slate-200">
      <ul className="-mb-px flex gap-2">
        {TABS.map(({ tab, label, href }) => {
          const active = tab === current;
          return (
            <li key={tab}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={`inline-flex min-h-11 items-center border-b-2 px-4 py-2 text-sm font-semibold ${
                  active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
