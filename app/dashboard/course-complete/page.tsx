import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { CourseNotLoaded, CourseMessage } from "@/components/reader/course-message";
import { courseDetailsHref, idParam, readerHref } from "@/components/reader/links";
import { loadCourse } from "@/components/reader/load-course";
import { ButtonLink } from "@/components/ui/button-link";
import { courseCompletion } from "@/lib/activity/completion";
import { formatDate, formatMinutes } from "@/lib/activity/format";
import { requirePageCaller } from "@/lib/auth/page";
import { formatLearningTime } from "@/lib/courses/duration";
import { Icon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Course completed" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A finished course's summary: /dashboard/course-complete?courseId=. Sections, quiz scores, time spent, certificate. */
export default async function CourseCompletePage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const loaded = await loadCourse(caller, idParam((await searchParams).courseId));
  if (loaded.kind !== "ok") return <CourseNotLoaded loaded={loaded} doing="see what you learned" errorTitle="Course completed" />;
  const { course } = loaded;
  const completion = await courseCompletion(caller.id, course.id);

  if (!completion) {
    return (
      <CourseMessage title={course.course_title}>
        <p className="mt-4 text-slate-700">You have not finished this course yet: pass every section&apos;s quiz to complete it.</p>
        <div className="mt-6">
          <ButtonLink href={readerHref(course.id)}>Continue</ButtonLink>
        </div>
      </CourseMessage>
    );
  }

  const scores = new Map(completion.sections.map((s) => [s.section_index, s]));
  const certificateHref = `/certificates/${completion.certificate_id}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <p aria-hidden="true" className="text-5xl">
        <Icon name="graduationCap" className="size-12 text-brand-700" />
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">You completed {course.course_title}</h1>
      <p className="mt-3 text-lg text-slate-700">Well done: every section read and every quiz passed.</p>

      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Completed">{formatDate(completion.completed_at)}</Fact>
        <Fact term="Sections">{course.sections.length}</Fact>
        <Fact term="Time spent">{formatMinutes(completion.minutes_spent)}</Fact>
        {/* The same estimate the course's cards show, beside the time it took (docs/product-rules.md, "Durations"). */}
        <Fact term="Course estimate">{formatLearningTime(course.duration_minutes)}</Fact>
      </dl>

      <section aria-labelledby="learned-heading" className="mt-10">
        <h2 id="learned-heading" className="text-2xl font-bold text-slate-900">
          What you learned
        </h2>
        <ol className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {course.sections.map((section, index) => {
            const result = scores.get(index);
            return (
              <li key={index} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-4">
                <span className="font-medium text-slate-900">
                  {index + 1}. {section.section_title}
                </span>
                <span className="text-sm text-slate-700">
                  {result?.best_score != null ? `Quiz: ${result.best_score} of ${result.total}` : "Quiz passed"}
                  {result && result.attempts > 1 ? ` · ${result.attempts} attempts` : ""}
                </span>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="certificate-heading" className="mt-10 rounded-2xl border border-brand-100 bg-brand-50 p-6">
        <h2 id="certificate-heading" className="text-xl font-bold text-slate-900">
          Your certificate
        </h2>
        <p className="mt-2 text-slate-700">
          A printable certificate with your name, the course and the date. Its address is yours to share: anyone with the link can see
          it, and nothing else about you.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink href={certificateHref}>View certificate</ButtonLink>
          <ButtonLink href={courseDetailsHref(course.id)} variant="outline">
            Course overview
          </ButtonLink>
        </div>
        <p className="mt-4 text-sm text-slate-700">
          Link:{" "}
          <Link href={certificateHref} className="font-mono break-all text-brand-800 underline" data-testid="certificate-link">
            {certificateHref}
          </Link>
        </p>
      </section>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
