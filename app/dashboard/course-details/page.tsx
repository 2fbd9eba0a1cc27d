import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getDb } from "@/db/client";
import { DifficultyBadge } from "@/components/courses/difficulty-badge";
import { GenerationBadge } from "@/components/courses/generation-badge";
import { SectionMasteryLine } from "@/components/mastery/section-mastery";
import { CourseSourcesList } from "@/components/reader/course-sources";
import { EnrollButton } from "@/components/reader/enroll-button";
import { courseCompleteHref, idParam, readerHref } from "@/components/reader/links";
import { CoursePaused } from "@/components/reader/course-paused";
import { CourseNotLoaded } from "@/components/reader/course-message";
import { loadCourse } from "@/components/reader/load-course";
import { ButtonLink } from "@/components/ui/button-link";
import { ProgressBar } from "@/components/ui/progress-bar";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { NOT_WRITTEN_YET, waitsForModel } from "@/lib/authoring/generation/waiting";
import { courseMinutesLeft, formatLearningTime } from "@/lib/catalogue/courses/duration";
import type { CourseShape } from "@/lib/catalogue/course-shape/progress";
import { loadSectionMastery } from "@/lib/practice/mastery/section-mastery";
import { resumePosition, sectionState, type LearnerProgress, type SectionState } from "@/lib/catalogue/course-shape/reader-navigation";
import { Icon } from "@/components/ui/icons";
import { logger } from "@/lib/platform/log/logger";
import { listCourseSources } from "@/lib/authoring/sources/course-sources";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const caller = await requirePageCaller("user");
  const loaded = await loadCourse(caller, idParam((await searchParams).courseId));
  return { title: loaded.kind === "ok" ? `${loaded.course.course_title}: overview` : loaded.kind === "not_found" ? "Course not found" : "Course overview" };
}

const STATE: Record<SectionState, { label: string; className: string; icon: ReactNode }> = {
  locked: { label: "Locked", className: "bg-slate-100 text-slate-700", icon: <Icon name="lock" className="inline size-3.5" /> },
  in_progress: { label: "In progress", className: "bg-brand-50 text-brand-800", icon: "▶" },
  quiz_passed: { label: "Quiz passed", className: "bg-green-100 text-green-800", icon: "✓" },
  review: { label: "Review", className: "bg-amber-100 text-amber-900", icon: "↺" },
};

/** A section written and waiting for an admin's review (docs/product-rules.md, "Review and publication"). */
const WAITING_FOR_REVIEW = { label: "Waiting for review", className: "bg-slate-100 text-slate-700", icon: "…" };

/** The course overview: /dashboard/course-details?courseId=. What the course holds and where the learner stands. */
export default async function CourseDetailsPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const loaded = await loadCourse(caller, idParam((await searchParams).courseId));

  if (loaded.kind !== "ok") return <CourseNotLoaded loaded={loaded} doing="see its overview" errorTitle="Course overview" />;

  const { course } = loaded;
  const shape: CourseShape = course.sections.map((s) => s.subsections.length);
  const learner: LearnerProgress = {
    progress: course.course_progress,
    furthestUnit: course.furthest_unit,
    quizPassed: (s) => course.quiz_status[String(s)] === true,
  };
  const review = new Set(course.review_sections);
  const resume = course.enrolled ? resumePosition(shape, learner) : null;
  const subsectionCount = shape.reduce((sum, n) => sum + n, 0);
  const [mastery, sources] = await Promise.all([
    course.enrolled ? loadSectionMastery(getDb(), caller.id, course.id) : null,
    // The overview stands without its sources list should that read fail; a paused course shows no content, its sources neither.
    (course.paused ? Promise.resolve([]) : listCourseSources(getDb(), caller, course.id)).catch((error: unknown) => {
      logger().error({ err: error, course_id: course.id }, "course overview: could not load the course's sources");
      return [];
    }),
  ]);
  const finished = course.enrolled && course.course_progress >= 100 && shape.length > 0 && shape.every((_, s) => learner.quizPassed(s));

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header>
        <div className="flex flex-wrap items-center gap-3">
          <DifficultyBadge level={course.course_level} />
          <GenerationBadge generated={course.is_detail_created_by_ai} status={course.generation_status} />
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{course.course_title}</h1>
        <p className="mt-4 whitespace-pre-line text-lg text-slate-700">{course.course_description}</p>

        <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-3 text-sm">
          <Fact term="Duration">{course.duration_minutes > 0 ? formatLearningTime(course.duration_minutes) : waitsForModel(course) ? "Not written yet" : course.generation_status === "failed" ? "Not written" : "Being written"}</Fact>
          <Fact term="Sections">{course.sections.length}</Fact>
          <Fact term="Subsections">{subsectionCount}</Fact>
        </dl>

        {course.paused ? <CoursePaused className="mt-6" /> : null}
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          {course.enrolled ? (
            <>
              <p className="text-sm font-semibold text-slate-900">Your progress</p>
              <div className="mt-2 flex items-center gap-3">
                <ProgressBar value={course.course_progress} />
                <span className="shrink-0 text-sm font-semibold text-slate-800" data-testid="course-progress">
                  {course.course_progress}%
                </span>
              </div>
              {finished ? null : (
                <p className="mt-2 text-sm text-slate-700" data-testid="time-left">
                  {formatLearningTime(courseMinutesLeft(course))} left
                </p>
              )}
              <div className="mt-5 flex flex-wrap gap-3">
                {course.paused ? null : finished ? (
                  <>
                    {/* Nothing left to continue: read it again from the start, or see what was achieved. */}
                    <ButtonLink href={readerHref(course.id, { sectionIndex: 0, subsectionIndex: 0 })} size="lg">
                      Review course
                    </ButtonLink>
                    <ButtonLink href={courseCompleteHref(course.id)} size="lg" variant="outline">
                      See what you learned
                    </ButtonLink>
                  </>
                ) : (
                  <ButtonLink href={readerHref(course.id, resume ?? undefined)} size="lg">
                    Continue
                  </ButtonLink>
                )}
              </div>
            </>
          ) : (
            <>
              <p className="text-slate-700">You are not enrolled in this course yet. Enrol to read its sections, take the quizzes and track your progress.</p>
              <div className="mt-5">
                <EnrollButton courseId={course.id} label="Enrol and start" href={readerHref(course.id)} />
              </div>
            </>
          )}
        </div>
      </header>

      <section aria-labelledby="sections-heading" className="mt-10">
        <h2 id="sections-heading" className="text-2xl font-bold text-slate-900">
          Sections
        </h2>
        {course.sections.length === 0 ? (
          <p role="status" className="mt-4 rounded-2xl border border-dashed border-slate-300 px-6 py-8 text-center text-slate-700">
            {course.generation_status === "failed"
              ? "This course could not be generated."
              : waitsForModel(course)
                ? NOT_WRITTEN_YET
                : "This course is still being generated. Its sections appear here as soon as they are written."}
          </p>
        ) : (
          <ol className="mt-4 space-y-4">
            {course.sections.map((section, sectionIndex) => {
              const state = section.in_review ? WAITING_FOR_REVIEW : STATE[course.enrolled ? sectionState(shape, sectionIndex, learner, review.has(sectionIndex)) : "locked"];
              const headingId = `section-${sectionIndex}`;
              return (
                <li key={sectionIndex} aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={headingId} className="text-lg font-semibold text-slate-900">
                      <span className="text-slate-500">{sectionIndex + 1}.</span> {section.section_title}
                    </h3>
                    <span data-testid="section-state" className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.className}`}>
                      <span aria-hidden="true">{state.icon}</span> {state.label}
                    </span>
                  </div>
                  <SectionMasteryLine summary={mastery?.get(sectionIndex)} />
                  <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                    {section.subsections.map((sub, subsectionIndex) => (
                      <li key={subsectionIndex}>{sub.title}</li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <CourseSourcesList sources={sources} level={2} />
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

