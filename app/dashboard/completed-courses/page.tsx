import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { CourseCard, CourseGrid, CourseGridItem } from "@/components/courses/course-card";
import { CourseListEmpty, CourseListError, CourseListPage, TEXT_LINK } from "@/components/courses/course-list-page";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listCompletedCourses } from "@/lib/practice/learning/enrollment";
import { logger } from "@/lib/platform/log/logger";

export const metadata: Metadata = { title: "Your Completed Courses" };

export default async function CompletedCoursesPage() {
  const caller = await requirePageCaller("user");
  const intro = "Every course you have finished, most recent first. Open one to read it again.";

  let completed;
  try {
    completed = await listCompletedCourses(getDb(), caller.id);
  } catch (error) {
    logger().error({ err: error }, "completed courses: could not load");
    return (
      <CourseListPage title="Your Completed Courses" intro={intro}>
        <CourseListError message="Failed to fetch completed courses" />
      </CourseListPage>
    );
  }

  return (
    <CourseListPage title="Your Completed Courses" intro={intro}>
      {completed.length === 0 ? (
        <CourseListEmpty>
          <p>No courses completed yet.</p>
          <p className="mt-2 text-sm">
            <Link href="/dashboard/my-courses" className={TEXT_LINK}>
              Continue one of your courses
            </Link>{" "}
            to see it here once you finish it.
          </p>
        </CourseListEmpty>
      ) : (
        <CourseGrid>
          {completed.map((course) => (
            <CourseGridItem key={course.id}>
              <CourseCard course={course} progress={100} completed />
            </CourseGridItem>
          ))}
        </CourseGrid>
      )}
    </CourseListPage>
  );
}
