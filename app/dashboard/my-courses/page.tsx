import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { CourseCard, CourseGrid, CourseGridItem } from "@/components/courses/course-card";
import { CourseListEmpty, CourseListError, CourseListPage, FindCoursesHint, requestedPage } from "@/components/courses/course-list-page";
import { Pagination } from "@/components/ui/pagination";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listMyCoursesPage } from "@/lib/practice/learning/enrollment";
import { logger } from "@/lib/platform/log/logger";

export const metadata: Metadata = { title: "My Enrolled Courses" };

/** My courses shows 12 per page, like every course list (docs/product-rules.md, Screens). */
const PAGE_SIZE = 12;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function MyCoursesPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const params = await searchParams;
  const intro = "Every course you are enrolled in, most recently studied first.";

  let result;
  try {
    result = await listMyCoursesPage(getDb(), caller.id, requestedPage(params.page), PAGE_SIZE);
  } catch (error) {
    logger().error({ err: error }, "my courses: could not load");
    return (
      <CourseListPage title="My Enrolled Courses" intro={intro}>
        <CourseListError message="Failed to fetch my courses" />
      </CourseListPage>
    );
  }

  return (
    <CourseListPage title="My Enrolled Courses" intro={intro}>
      {result.items.length === 0 ? (
        <CourseListEmpty>
          <p>You haven&apos;t enrolled in any courses yet.</p>
          <FindCoursesHint />
        </CourseListEmpty>
      ) : (
        <CourseGrid>
          {result.items.map((course) => (
            <CourseGridItem key={course.id}>
              <CourseCard course={course} progress={course.course_progress} completed={course.course_progress >= 100} />
            </CourseGridItem>
          ))}
        </CourseGrid>
      )}
      <Pagination page={result.page} totalPages={result.totalPages} basePath="/dashboard/my-courses" />
    </CourseListPage>
  );
}
