import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { CourseGrid, CourseGridItem } from "@/components/courses/course-card";
import { CourseListEmpty, CourseListError, CourseListPage, requestedPage, TEXT_LINK } from "@/components/courses/course-list-page";
import { EnrollCourseCard } from "@/components/courses/enroll-course-card";
import { Pagination } from "@/components/ui/pagination";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listRecommendationsPage } from "@/lib/practice/recommendations/recommend";
import { logger } from "@/lib/platform/log/logger";

export const metadata: Metadata = { title: "Recommended Courses" };

/** Recommended shows 12 per page, like every course list (docs/product-rules.md, Screens). */
const PAGE_SIZE = 12;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function RecommendedPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const params = await searchParams;
  const intro = "Courses picked from the topics you love and the level you have reached. Open one to enrol and start.";

  let result;
  try {
    result = await listRecommendationsPage(getDb(), caller.id, requestedPage(params.page), PAGE_SIZE);
  } catch (error) {
    logger().error({ err: error }, "recommended: could not load");
    return (
      <CourseListPage title="Recommended Courses" intro={intro}>
        <CourseListError message="Failed to fetch recommended courses" />
      </CourseListPage>
    );
  }

  return (
    <CourseListPage title="Recommended Courses" intro={intro}>
      {result.items.length === 0 ? (
        <CourseListEmpty>
          <p>No recommended courses available.</p>
          <p className="mt-2 text-sm">
            <Link href="/dashboard/topic-selection" className={TEXT_LINK}>
              Pick more topics you love
            </Link>{" "}
            to get new recommendations.
          </p>
        </CourseListEmpty>
      ) : (
        <CourseGrid>
          {result.items.map((course) => (
            <CourseGridItem key={course.id}>
              <EnrollCourseCard course={course} />
            </CourseGridItem>
          ))}
        </CourseGrid>
      )}
      <Pagination page={result.page} totalPages={result.totalPages} basePath="/dashboard/recommended" />
    </CourseListPage>
  );
}
