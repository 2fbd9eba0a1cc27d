import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getDb } from "@/db/client";
import { CertificateCard } from "@/components/certificates/certificate-card";
import { CopyLinkButton } from "@/components/certificates/copy-link-button";
import { DifficultyBadge } from "@/components/courses/difficulty-badge";
import { PrintButton } from "@/components/courses/print-button";
import { CourseNotLoaded, CourseMessage } from "@/components/reader/course-message";
import { courseDetailsHref, idParam, readerHref } from "@/components/reader/links";
import { loadCourse } from "@/components/reader/load-course";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { certificatePath, courseCompletion } from "@/lib/practice/activity/completion";
import { formatDate, formatMinutes } from "@/lib/practice/activity/format";
import { linkedInAddToProfileUrl } from "@/lib/practice/activity/linkedin";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { formatLearningTime } from "@/lib/catalogue/courses/duration";
import { Icon } from "@/components/ui/icons";
import { getEnv } from "@/lib/platform/env";
import { logger } from "@/lib/platform/log/logger";
import { upNextAfter, type UpNext } from "@/lib/practice/recommendations/up-next";

export const metadata: Metadata = { title: "Course completed" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A finished course's completion screen: /dashboard/course-complete?courseId= (docs/product-rules.md,
 * "Feedback: streak, completion, certificates"). The course, the time spent, the concepts mastered,
 * each section's quiz, the certificate (to copy, add to LinkedIn or print: only the certificate
 * prints) and what to learn next.
 */
export default async function CourseCompletePage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const loaded = await loadCourse(caller, idParam((await searchParams).courseId));
  if (loaded.kind !== "ok") return <CourseNotLoaded loaded={loaded} doing="see what you learned" errorTitle="Course completed" />;
  const { course } = loaded;
  const completion = await courseCompletion(getDb(), caller.id, course.id);

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

  // A suggestion, not the point of the page: without it the rest still shows.
  const upNext = await upNextAfter(getDb(), caller.id, course).catch((error: unknown) => {
    logger().error({ err: error, course_id: course.id }, "completion: could not load what comes next");
    return null;
  });
  const scores = new Map(completion.sections.map((s) => [s.section_index, s]));
  const certificateHref = certificatePath(completion.verification_id);
  const certificateUrl = new URL(certificateHref, getEnv().APP_URL).toString();
  const linkedIn = linkedInAddToProfileUrl({
    name: course.course_title,
    organizationName: "LearnPath",
    issuedAt: new Date(completion.completed_at),
    certUrl: certificateUrl,
    certId: completion.verification_id,
  });
  const { mastered, total } = completion.concepts;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8 print:max-w-none print:p-0">
      <div className="print:hidden">
        <Icon name="graduationCap" className="size-14 text-brand-600" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">You completed {course.course_title}</h1>
        <p className="mt-3 text-lg text-slate-700">Well done: every section read and every quiz passed.</p>

        <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Fact term="Completed">{formatDate(completion.completed_at)}</Fact>
          <Fact term="Time spent">{formatMinutes(completion.minutes_spent)}</Fact>
          {/* The same estimate the course's cards show, beside the time it took (docs/product-rules.md, "Durations"). */}
          <Fact term="Course estimate">{formatLearningTime(course.duration_minutes)}</Fact>
          <Fact term="Concepts mastered">
            <span data-testid="concepts-mastered-count">
              {mastered.length} of {total}
            </span>
          </Fact>
        </dl>
      </div>

      <section aria-labelledby="certificate-heading" className="mt-10 rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:p-6 print:mt-0 print:border-0 print:bg-transparent print:p-0">
        <h2 id="certificate-heading" className="text-xl font-bold text-slate-900 print:hidden">
          Your certificate
        </h2>
        <p className="mt-2 text-slate-700 print:hidden">
          Its address is yours to share: anyone with the link can see it, and nothing else about you. Its random verification id is the
          proof it is genuine.
        </p>
        <div className="mt-4 print:mt-0" data-print-only>
          <CertificateCard headingLevel={3} certificate={{ ...completion, course_title: course.course_title, course_level: course.course_level }} />
        </div>
        <p className="mt-4 text-sm text-slate-700 print:hidden">
          Link:{" "}
          <Link href={certificateHref} className="font-mono break-all text-brand-800 underline" data-testid="certificate-link">
            {certificateUrl}
          </Link>
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3 print:hidden">
          <CopyLinkButton url={certificateUrl} />
          <a href={linkedIn} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: "outline" })}>
            Add to LinkedIn<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <PrintButton />
        </div>
      </section>

      <div className="print:hidden">
        {upNext ? <UpNextCard upNext={upNext} /> : null}

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
          <div className="mt-6">
            <ButtonLink href={courseDetailsHref(course.id)} variant="outline">
              Course overview
            </ButtonLink>
          </div>
        </section>
        <section aria-labelledby="concepts-heading" className="mt-10">
          <h2 id="concepts-heading" className="text-2xl font-bold text-slate-900">
            Concepts mastered
          </h2>
          {mastered.length ? (
            <ul className="mt-4 flex flex-wrap gap-2">
              {mastered.map((concept) => (
                <li key={concept} className="rounded-full border border-green-200 bg-green-50 px-3 py-1 text-sm text-green-900">
                  {concept}
                </li>
              ))}
            </ul>
          ) : null}
          {mastered.length < total ? (
            <p className="mt-4 text-slate-700">
              {total - mastered.length === 1 ? "One concept is" : `${total - mastered.length} concepts are`} not mastered yet: your reviews bring{" "}
              {total - mastered.length === 1 ? "it" : "them"} back until {total - mastered.length === 1 ? "it sticks" : "they stick"}.{" "}
              <Link href="/dashboard/progress" className="font-semibold text-brand-700 underline hover:text-brand-800">
                See your progress
              </Link>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function UpNextCard({ upNext: { kind, course } }: { upNext: UpNext }) {
  return (
    <section aria-labelledby="up-next-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="up-next-heading" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        Up next{kind === "next_level" ? ": the next level" : ""}
      </h2>
      <p className="mt-3 text-xl font-bold text-slate-900">{course.course_title}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <DifficultyBadge level={course.course_level} />
        {course.duration_minutes > 0 ? <span>{formatLearningTime(course.duration_minutes)}</span> : null}
      </div>
      <p className="mt-3 line-clamp-3 text-slate-700">{course.course_description}</p>
      <div className="mt-5">
        <ButtonLink href={courseDetailsHref(course.id)}>
          See {course.course_title}
        </ButtonLink>
      </div>
    </section>
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
