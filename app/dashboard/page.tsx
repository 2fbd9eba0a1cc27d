import { getDb } from "@/db/client";
import { TopicDescription } from "@/components/topics/topic-description";
import type { Metadata } from "next";
import Link from "next/link";
import { cache, Suspense, type ReactNode } from "react";
import { CourseCard } from "@/components/courses/course-card";
import { CourseCarousel, CourseCarouselItem } from "@/components/courses/course-carousel";
import { TEXT_LINK } from "@/components/courses/course-list-page";
import { EnrollCourseCard } from "@/components/courses/enroll-course-card";
import { PlannedCourseCard } from "@/components/request-course/planned-course-card";
import { WeakestConcepts } from "@/components/mastery/weakest-concepts";
import { ReviewWidget } from "@/components/review/review-widget";
import { LazyInterestModal } from "@/components/topics/lazy-interest-modal";
import { LearningStreak } from "@/components/activity/learning-streak";
import { NextStepCard } from "@/components/dashboard/next-step-card";
import { DailyGoal } from "@/components/goal/daily-goal";
import { WriteCourseBlock } from "@/components/request-course/write-course-block";
import { hasLearnedBefore } from "@/lib/practice/activity/history";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { listOngoingCoursesRow } from "@/lib/practice/learning/enrollment";
import { chooseNextStep, loadCourseToContinue, loadOwnCourseToStart } from "@/lib/practice/learning/next-step";
import { listCourseRequests } from "@/lib/authoring/course-requests/list";
import { hasInterests } from "@/lib/practice/learning/interests";
import { listRecommendationsPage } from "@/lib/practice/recommendations/recommend";
import { listTopics } from "@/lib/catalogue/topics/list-topics";
import { logger } from "@/lib/platform/log/logger";

export const metadata: Metadata = { title: "Dashboard" };

/** How many courses each carousel shows; 'See more' leads to the full, paged list. */
const ROW_SIZE = 10;

type Loaded<T> = { ok: true; value: T } | { ok: false };

async function settle<T>(what: string, promise: Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    logger().error({ err: error }, `dashboard: could not load ${what}`);
    return { ok: false };
  }
}

export default async function DashboardPage() {
  const caller = await requirePageCaller("user");
  // "Welcome back" only to someone who has been learning here; a first visit is just "Welcome".
  const returning = await hasLearnedBefore(getDb(), caller.id).catch(() => true);
  const welcome = returning ? "Welcome back" : "Welcome";
  const greeting = caller.firstName.trim() ? `${welcome}, ${caller.firstName.trim()}` : welcome;

  // Every part below is rendered side by side, so their reads run at the same time; the next step
  // and the course rows share one load (loadCourses).
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{greeting}</h1>
      {/* One obvious next step first, in view on a phone (docs/product-rules.md, "The dashboard's next step"). */}
      <DashboardNextStep userId={caller.id} />

      {/* "Write me a course": the learner's requests, each followed to the end, and a course on any subject
          (docs/product-rules.md, "Course requests"). Near the top, so a request under way is in view; not
          streamed, so the home page's link to #write-a-course finds it in the first HTML. */}
      <DashboardWriteCourse userId={caller.id} />

      {/* Today's goal, when the learner set one (docs/product-rules.md, "Daily goal and reminders"). */}
      <DailyGoal userId={caller.id} />

      {/* The streak, what is due for review and the weakest concepts, when they have something to show. */}
      <LearningStreak userId={caller.id} show="filled" />
      <div className="mt-8 grid gap-4 empty:hidden md:grid-cols-2">
        <ReviewWidget userId={caller.id} show="filled" />
        <WeakestConcepts userId={caller.id} show="filled" />
      </div>

      {/* Not streamed: the indexed queries take milliseconds, and cards in the first HTML paint at once. */}
      <DashboardCourses userId={caller.id} returning={returning} />

      {/* Empty boxes come last, below anything to act on. */}
      <div className="mt-12 grid gap-4 empty:hidden md:grid-cols-2">
        <ReviewWidget userId={caller.id} show="empty" />
        <WeakestConcepts userId={caller.id} show="empty" />
      </div>
      <LearningStreak userId={caller.id} show="empty" className="mt-4" />
      {/* Rendered beside the courses (not after them), so both load at the same time. */}
      <Suspense fallback={null}>
        <InterestPrompt userId={caller.id} />
      </Suspense>
    </div>
  );
}

/** The course to continue, the learner's own course to start, the My Learning row, the recommendations and the course requests: read together, once per request. */
const loadCourses = cache(async (userId: number) => {
  const [toContinue, own, mine, recommended, requests] = await Promise.all([
    settle("the course to continue", loadCourseToContinue(getDb(), userId)),
    settle("the learner's own course to start", loadOwnCourseToStart(getDb(), userId)),
    settle("my courses", listOngoingCoursesRow(getDb(), userId, ROW_SIZE)),
    settle("recommendations", listRecommendationsPage(getDb(), userId, 1, ROW_SIZE)),
    settle("course requests", listCourseRequests(getDb(), userId, 20)),
  ]);
  return { toContinue, own, mine, recommended, requests };
});

async function DashboardNextStep({ userId }: { userId: number }) {
  const { toContinue, own, recommended } = await loadCourses(userId);
  // Without knowing whether a course is under way, offering to start another would mislead.
  if (!toContinue.ok) return null;
  return <NextStepCard step={chooseNextStep(toContinue.value, recommended.ok ? recommended.value.items : [], own.ok ? own.value : null)} />;
}

async function DashboardCourses({ userId, returning }: { userId: number; returning: boolean }) {
  const { mine, recommended, requests } = await loadCourses(userId);
  // A request still being planned has no course yet: it is in My Learning all the same, as its card.
  const planning = requests.ok ? requests.value.requests.filter((r) => r.state === "planning" || (r.state === "failed" && r.course_id === null)) : [];

  return (
    <>
      {/* Courses under way only: finished ones are under Completed Courses. */}
      <CourseSection id="my-learning" title="My Learning" moreHref="/dashboard/my-courses">
        {!mine.ok ? (
          <LoadError message="Failed to fetch my courses" />
        ) : mine.value.length === 0 && planning.length === 0 ? (
          <EmptyRow>
            {returning ? (
              <>
                No course under way.{" "}
                <Link href="/dashboard/completed-courses" className={TEXT_LINK}>
                  Courses you finished
                </Link>{" "}
                are under Completed Courses.
              </>
            ) : (
              <>You haven&apos;t enrolled in any courses yet.</>
            )}
          </EmptyRow>
        ) : (
          <CourseCarousel label="My Learning">
            {planning.map((request) => (
              <CourseCarouselItem key={`request-${request.id}`}>
                <PlannedCourseCard request={request} />
              </CourseCarouselItem>
            ))}
            {mine.value.map((course) => (
              <CourseCarouselItem key={course.id}>
                <CourseCard course={course} progress={course.course_progress} headingLevel={3} />
              </CourseCarouselItem>
            ))}
          </CourseCarousel>
        )}
      </CourseSection>

      <CourseSection id="recommended" title="Recommended for You" moreHref="/dashboard/recommended">
        {!recommended.ok ? (
          <LoadError message="Failed to fetch recommended courses" />
        ) : recommended.value.items.length === 0 ? (
          <EmptyRow>
            No recommended courses available.{" "}
            <Link href="/dashboard/topic-selection" className={TEXT_LINK}>
              Pick more topics you love
            </Link>{" "}
            to get new recommendations.
          </EmptyRow>
        ) : (
          <CourseCarousel label="Recommended for You">
            {recommended.value.items.map((course) => (
              <CourseCarouselItem key={course.id}>
                <EnrollCourseCard course={course} headingLevel={3} />
              </CourseCarouselItem>
            ))}
          </CourseCarousel>
        )}
      </CourseSection>
    </>
  );
}

async function DashboardWriteCourse({ userId }: { userId: number }) {
  const [topics, { requests }] = await Promise.all([settle("topics", listTopics(getDb(), null)), loadCourses(userId)]);
  return (
    <WriteCourseBlock
      userId={userId}
      list={requests.ok ? requests.value : null}
      suggestions={topics.ok ? topics.value.map(({ id, title }) => ({ id, title })) : []}
      heading="Write me a course"
      intro="Any subject: LearnPath writes a course for you, at your level, from what you have learnt so far."
    />
  );
}

/** The one-time 'Select Your Interests' modal, only for learners who have not chosen any topic. */
async function InterestPrompt({ userId }: { userId: number }) {
  const interests = await settle("interests", hasInterests(getDb(), userId));
  // If the check fails, do not pester the learner with the modal: they can pick topics from the menu.
  if (!interests.ok || interests.value.hasInterests) return null;
  // Only the topics' titles are shown: the catalogue as anyone sees it will do.
  const topics = await settle("topics", listTopics(getDb(), null));
  if (!topics.ok) return null;
  return <LazyInterestModal topics={topics.value.map(({ id, title, description }) => ({ id, title, description: <TopicDescription markdown={description} /> }))} />;
}

function CourseSection({ id, title, moreHref, children }: { id: string; title: string; moreHref: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-12">
      <div className="mb-2 flex items-center justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        <Link href={moreHref} className="relative inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap text-brand-700 hover:text-brand-800">
          See more<span className="sr-only"> of {title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

/** An empty row says so in one line: it takes no room from what there is to act on. */
function EmptyRow({ children }: { children: ReactNode }) {
  return <p className="mt-2 text-slate-700">{children}</p>;
}

function LoadError({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-4 text-red-700">
      {message}
    </p>
  );
}
