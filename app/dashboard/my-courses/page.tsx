import type { Metadata } from "next";
import Link from "next/link";
import { CourseCard, CourseGrid, CourseGridItem } from "@/components/courses/course-card";
import { CourseListEmpty, CourseListError, CourseListPage, requestedPage } from "@/components/courses/course-list-page";
import { Pagination } from "@/components/ui/pagination";
import { requirePageCaller } from "@/lib/auth/page";
import { listMyCoursesPage } from "@/lib/learning/enrollment";

export const metadata: Metadata = { title: "My Enrolled Courses" };

/** SPEC.md section 9: my courses shows 12 per page. */
const PAGE_SIZE = 12;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function MyCoursesPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const params = await searchParams;
  const intro = "Every course you are enrolled in, most recently studied first.";

  let result;
  try {
    result = await listMyCoursesPage(caller.id, requestedPage(params.page), PAGE_SIZE);
  } catch (error) {
    console.error("my courses: could not load", error);
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
          <p className="mt-2 text-sm">
            <Link href="/dashboard/recommended" className="font-semibold text-brand-700 underline hover:text-brand-800">
              See the courses recommended for you
            </Link>{" "}
            or{" "}
            <Link href="/dashboard/explore-topics" className="font-semibold text-brand-700 underline hover:text-brand-800">
              explore all topics
            </Link>
            .
          </p>
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
