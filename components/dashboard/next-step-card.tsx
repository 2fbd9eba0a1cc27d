import { DifficultyBadge } from "@/components/courses/difficulty-badge";
import { EnrollButton } from "@/components/reader/enroll-button";
import { quizHref, readerHref } from "@/components/reader/links";
import { ButtonLink } from "@/components/ui/button-link";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatLearningTime } from "@/lib/catalogue/courses/duration";
import type { CourseToContinue, NextStep } from "@/lib/practice/learning/next-step";

const CARD = "mt-6 rounded-2xl border border-brand-100 bg-brand-50 p-5 shadow-sm sm:p-6";
const EYEBROW = "text-sm font-semibold tracking-wide text-brand-800 uppercase";

/**
 * The dashboard's one primary action, first under the greeting so it is in view on a phone
 * (docs/product-rules.md, "The dashboard's next step"): Continue a course, Start one, or explore.
 */
export function NextStepCard({ step }: { step: NextStep }) {
  if (step.kind === "continue") return <ContinueCard course={step.course} />;
  if (step.kind === "start") {
    const { course } = step;
    return (
      <section aria-labelledby="next-step-heading" className={CARD}>
        <h2 id="next-step-heading" className={EYEBROW}>
          Start here
        </h2>
        <p className="mt-2 text-xl font-bold text-slate-900">{course.course_title}</p>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <DifficultyBadge level={course.course_level} />
          <span>{step.own ? "Written for you" : "Recommended for you"}</span>
        </div>
        <p className="mt-2 line-clamp-2 text-slate-700">{course.course_description}</p>
        <div className="mt-4">
          {/* The enrol flow of the course pages: POST /enroll, then the reader opens at the first lesson. */}
          <EnrollButton courseId={course.id} label={`Start ${course.course_title}`} href={readerHref(course.id)} />
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="next-step-heading" className={CARD}>
      <h2 id="next-step-heading" className={EYEBROW}>
        Find your next course
      </h2>
      <p className="mt-2 text-slate-700">There is no course to recommend right now. Browse the topics to find one you like.</p>
      <div className="mt-4">
        <ButtonLink href="/dashboard/explore-topics" size="lg">
          Explore topics
        </ButtonLink>
      </div>
    </section>
  );
}

function ContinueCard({ course }: { course: CourseToContinue }) {
  const { place } = course;
  const href = place.kind === "lesson" ? readerHref(course.courseId, place.position) : place.kind === "quiz" ? quizHref(course.courseId, place.sectionIndex) : readerHref(course.courseId);
  const where = course.sectionIndex === null ? null : `Section ${course.sectionIndex + 1} of ${course.sectionCount}${course.sectionTitle ? `: ${course.sectionTitle}` : ""}`;
  const next = place.kind === "lesson" ? (course.lessonTitle ? `Lesson: ${course.lessonTitle}` : null) : place.kind === "quiz" ? "Next: pass this section's quiz" : "Being written: open it to see what is ready";
  return (
    <section aria-labelledby="next-step-heading" className={CARD}>
      <h2 id="next-step-heading" className={EYEBROW}>
        Pick up where you left off
      </h2>
      <p className="mt-2 text-xl font-bold text-slate-900">{course.courseTitle}</p>
      <div id="next-step-place" className="mt-1 text-slate-700">
        {where ? <p>{where}</p> : null}
        {next ? <p className="font-medium text-slate-900">{next}</p> : null}
        {/* The reader's own "N min left" (docs/product-rules.md, "Durations"); nothing while no lesson is written. */}
        {course.minutesLeft > 0 ? <p className="text-sm">{formatLearningTime(course.minutesLeft)} left in this course</p> : null}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <ProgressBar value={course.progress} />
        <span className="shrink-0 text-sm font-semibold text-slate-800">{course.progress}%</span>
      </div>

      <div className="mt-4">
        <ButtonLink href={href} size="lg" aria-describedby="next-step-place" className="w-full sm:w-auto">
          Continue {course.courseTitle}
          {course.sectionIndex !== null ? ` · Section ${course.sectionIndex + 1}` : null}
          <span aria-hidden="true">→</span>
        </ButtonLink>
      </div>
    </section>
  );
}
