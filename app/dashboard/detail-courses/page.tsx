import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getDb } from "@/db/client";
import { DifficultyBadge } from "@/components/courses/difficulty-badge";
import { GenerationProgress } from "@/components/generation/generation-progress";
import { Markdown } from "@/components/markdown/markdown";
import { CourseOutline, type OutlineSection } from "@/components/reader/course-outline";
import { CourseSourcesList } from "@/components/reader/course-sources";
import { EnrollButton } from "@/components/reader/enroll-button";
import { courseCompleteHref, courseDetailsHref, idParam, indexParam, quizHref, readerHref } from "@/components/reader/links";
import { CoursePaused } from "@/components/reader/course-paused";
import { CourseNotLoaded } from "@/components/reader/course-message";
import { ClearParam } from "@/components/reader/clear-param";
import { FocusHeading } from "@/components/reader/focus-heading";
import { OutlineDrawer } from "@/components/reader/outline-drawer";
import { loadCourse } from "@/components/reader/load-course";
import { ReaderNav, type NextAction } from "@/components/reader/reader-nav";
import { RefreshButton } from "@/components/reader/refresh-button";
import { ReportProblem } from "@/components/reports/report-problem";
import { LessonCitations } from "@/components/sources/citations";
import { TutorHost } from "@/components/tutor/tutor-host";
import { TutorLauncher } from "@/components/tutor/tutor-launcher";
import { ButtonLink } from "@/components/ui/button-link";
import { recordReading } from "@/lib/practice/activity/record";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { NOT_WRITTEN_YET, waitsForModel } from "@/lib/authoring/generation/waiting";
import { courseGenerationFor, GENERATION_FAILED } from "@/lib/authoring/generation/course-generation";
import { courseMinutesLeft, formatLearningTime } from "@/lib/catalogue/courses/duration";
import { firstQuizToPassBefore, type CourseShape, type Position } from "@/lib/catalogue/course-shape/progress";
import { isOpen, isRead, nextStep, previousPosition, resumePosition, type LearnerProgress } from "@/lib/catalogue/course-shape/reader-navigation";
import { logger } from "@/lib/platform/log/logger";
import { listCourseSources, readerSourcesOf } from "@/lib/authoring/sources/course-sources";
import type { CourseSourceView } from "@/lib/authoring/sources/responses";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const caller = await requirePageCaller("user");
  const loaded = await loadCourse(caller, idParam((await searchParams).courseId));
  return { title: loaded.kind === "ok" ? loaded.course.course_title : loaded.kind === "not_found" ? "Course not found" : "Course" };
}

/** The course reader: /dashboard/detail-courses?courseId=&section=&sub= (0-based), &completedSection= after a passed quiz. */
export default async function CourseReaderPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const params = await searchParams;
  const courseId = idParam(params.courseId);
  const loaded = await loadCourse(caller, courseId);

  if (loaded.kind !== "ok") return <CourseNotLoaded loaded={loaded} doing="start reading" errorTitle="Course" />;

  const { course } = loaded;
  const id = course.id;
  const shape: CourseShape = course.sections.map((s) => s.subsections.length);
  const header = (
    <header>
      <div className="flex flex-wrap items-center gap-3">
        <DifficultyBadge level={course.course_level} />
        <Link href={courseDetailsHref(id)} className="text-sm font-semibold text-brand-700 underline hover:text-brand-800">Course overview</Link>
      </div>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{course.course_title}</h1>
    </header>
  );

  // Paused by an admin: its learners see it, and that sentence instead of content (docs/product-rules.md, "Review and publication").
  if (course.paused) {
    return (
      <Page>
        {header}
        <CoursePaused className="mt-8" />
      </Page>
    );
  }

  const failed = course.generation_status === "failed";
  // Sections written so far; the progress line polls for more and re-renders the page as they come.
  const generating = !course.is_detail_created_by_ai && !failed;
  // The learner's view of it (never the raw failure text: it would reach the page's props).
  const generation = generating ? await courseGenerationFor(getDb(), caller, id).catch(() => null) : null;
  const liveProgress =
    generation?.status === "Generating" ? (
      <GenerationProgress key={`${generation.status}-${generation.sections_done}`} courseId={id} initial={generation} refreshOnProgress className="font-medium text-brand-800" />
    ) : null;

  if (!course.sections.some((s) => s.ready) || shape.every((n) => n === 0)) {
    return (
      <Page>
        {header}
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          {failed ? (
            <div role="alert">
              <p className="text-lg font-semibold text-slate-900">This course could not be generated.</p>
              <p className="mt-2 text-slate-700">{GENERATION_FAILED} Please try another course or come back later.</p>
            </div>
          ) : waitsForModel(course) ? (
            <p role="status" className="text-lg font-semibold text-slate-900">
              {NOT_WRITTEN_YET}
            </p>
          ) : (
            <>
              <p className="text-lg font-semibold text-slate-900">This course is still being generated</p>
              <p className="mt-2 text-slate-700">Its sections appear here as soon as they are written.</p>
              {liveProgress ? <div className="mt-4">{liveProgress}</div> : null}
            </>
          )}
          <div className="mt-6 flex justify-center">
            <RefreshButton label="Refresh" variant="outline" />
          </div>
        </div>
      </Page>
    );
  }

  const learner: LearnerProgress = {
    progress: course.course_progress,
    furthestUnit: course.furthest_unit,
    quizPassed: (s) => course.quiz_status[String(s)] === true,
  };
  const review = new Set(course.review_sections);
  const outline = (current: Position | null): ReactNode => {
    const where = current ? `Section ${current.sectionIndex + 1} of ${course.sections.length}` : `${course.sections.length} sections`;
    return (
      <OutlineDrawer
        key={current ? `${current.sectionIndex}-${current.subsectionIndex}` : "start"}
        summary={`${where} · ${course.course_progress}%`}
      >
        <CourseOutline
          courseId={id}
          progress={course.course_progress}
          current={current}
          minutesLeft={course.enrolled ? courseMinutesLeft(course) : 0}
          sections={course.sections.map<OutlineSection>((section, sectionIndex) => ({
            title: section.section_title,
            quizPassed: learner.quizPassed(sectionIndex),
            review: review.has(sectionIndex),
            // A failed course's unwritten sections are not being written: they say so (docs/product-rules.md, "Course requests").
            beingWritten: !section.ready && !failed,
            notWritten: !section.ready && !section.in_review && failed,
            inReview: section.in_review === true,
            waitsForQuiz: course.enrolled ? firstQuizToPassBefore(sectionIndex, learner.quizPassed) : null,
            subsections: section.subsections.map((sub, subsectionIndex) => ({
              title: sub.title,
              unlocked: course.enrolled && section.ready && isOpen(shape, { sectionIndex, subsectionIndex }, learner),
              read: course.enrolled && section.ready && isRead(shape, { sectionIndex, subsectionIndex }, learner),
              minutes: section.ready ? sub.minutes : null,
            })),
          }))}
        />
      </OutlineDrawer>
    );
  };

  const generatingBanner = liveProgress ? (
    <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
      <p>This course is still being written: its sections open here as soon as each one is ready.</p>
      <div className="mt-1">{liveProgress}</div>
    </div>
  ) : null;

  if (!course.enrolled) {
    return (
      <Page>
        {header}
        {generatingBanner}
        <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[18rem_1fr] lg:items-start lg:gap-8">
          <aside className="lg:sticky lg:top-4">{outline(null)}</aside>
          <section aria-labelledby="enrol-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="enrol-heading" className="text-2xl font-bold text-slate-900">
              Enrol to start
            </h2>
            <p className="mt-3 whitespace-pre-line text-slate-700">{course.course_description}</p>
            <p className="mt-3 text-slate-700">Enrol in this course to read its sections, take the quizzes and track your progress.</p>
            <div className="mt-6">
              <EnrollButton courseId={id} />
            </div>
          </section>
        </div>
      </Page>
    );
  }

  // Where to read: the requested subsection when it is open, else where the learner left off.
  // Back from a passed quiz (completedSection), stay at that section's end so 'Next Section →' is at hand.
  const requested = requestedPosition(params.section, params.sub);
  const completed = indexParam(params.completedSection);
  const justPassed = completed !== null && learner.quizPassed(completed) && (shape[completed] ?? 0) > 0 ? completed : null;
  const resume = resumePosition(shape, learner)!;
  let position = resume;
  let lockedRequest = false;
  if (requested && isOpen(shape, requested, learner)) position = requested;
  else if (requested) lockedRequest = true;
  else if (justPassed !== null) position = { sectionIndex: justPassed, subsectionIndex: (shape[justPassed] ?? 1) - 1 };

  const section = course.sections[position.sectionIndex]!;
  const subsection = section.subsections[position.subsectionIndex]!;
  const previous = previousPosition(shape, position);
  const step = nextStep(shape, position, learner);
  const next = nextAction(id, step);
  const atQuiz = step.kind === "section" && !step.quizPassed;
  const finished = step.kind === "section" && step.to === null && step.quizPassed;
  // A written lesson: a day of learning for the streak, time spent in this course and a lesson read
  // for the daily goal, beside its citations and the course's sources.
  const [, sources] = section.ready ? await Promise.all([recordReading(getDb(), caller.id, id, position), lessonSources(caller, id, position)]) : [null, { citedNumbers: [], list: [] }];
  const lessonMarkdown = <Markdown content={subsection.content ?? ""} topLevel={3} citations={sources.citedNumbers} />;

  return (
    <Page>
      {header}
      {generatingBanner}
      {/* Shown once: the banner's parameter is dropped, so a reload or a shared link carries only the position. */}
      {completed !== null ? <ClearParam name="completedSection" /> : null}
      {justPassed !== null ? (
        <p role="status" className="mt-6 rounded-xl border border-green-200 bg-green-50 px-4 py-3 font-medium text-green-900">
          <span aria-hidden="true">🎉</span> You passed the quiz for {course.sections[justPassed]!.section_title}.
        </p>
      ) : null}
      {lockedRequest ? (
        <p role="status" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
          That part of the course is still locked, so you are back where you left off.
        </p>
      ) : null}
      {/* The lesson tutor opens beside the outline and the lesson (docs/product-rules.md, Screens). */}
      <div className="mt-6 lg:mt-8">
        <TutorHost>
          <div className="grid gap-6 lg:grid-cols-[18rem_1fr] lg:items-start lg:gap-8">
            <aside className="lg:sticky lg:top-4">{outline(position)}</aside>
            <article aria-labelledby="subsection-title" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <FocusHeading key={`${position.sectionIndex}-${position.subsectionIndex}`} id="subsection-title" />
              <p className="text-sm font-semibold text-brand-700">{section.section_title}</p>
              <h2 id="subsection-title" tabIndex={-1} className="mt-1 text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
                {subsection.title}
              </h2>
              {section.ready && subsection.minutes ? (
                <p className="mt-1 text-sm text-slate-600" data-testid="lesson-minutes">
                  {formatLearningTime(subsection.minutes)} read
                </p>
              ) : null}
              {section.ready ? (
                <div className="mt-4">
                  <TutorLauncher lesson={{ course_id: id, section_index: position.sectionIndex, subsection_index: position.subsectionIndex, title: subsection.title }} />
                </div>
              ) : null}
              {section.ready ? (
                <div className="mt-6">
                  {sources.citedNumbers.length ? (
                    <LessonCitations courseId={id} sectionIndex={position.sectionIndex} subsectionIndex={position.subsectionIndex}>
                      {lessonMarkdown}
                    </LessonCitations>
                  ) : (
                    lessonMarkdown
                  )}
                  <CourseSourcesList sources={sources.list} />
                  <div className="mt-8 border-t border-slate-100 pt-4"><ReportProblem key={`${position.sectionIndex}-${position.subsectionIndex}`} target={{ course_id: id, section_index: position.sectionIndex, subsection_index: position.subsectionIndex }} /></div>
                </div>
              ) : (
                <div role="status" className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-8 text-center" data-testid="section-being-written">
                  {section.in_review ? (
                    <>
                      <p className="text-lg font-semibold text-slate-900">This section is waiting for review</p>
                      <p className="mt-2 text-slate-700">It is written; it opens here once an admin has approved it.</p>
                    </>
                  ) : failed ? (
                    <>
                      <p className="text-lg font-semibold text-slate-900">This section was not written</p>
                      <p className="mt-2 text-slate-700">Writing this course stopped before it. {GENERATION_FAILED}</p>
                    </>
                  ) : (
                    <>
                      <p className="text-lg font-semibold text-slate-900">This section is being written</p>
                      <p className="mt-2 text-slate-700">It opens here as soon as all of it is ready; nothing half-written is shown.</p>
                    </>
                  )}
                </div>
              )}

              {atQuiz && section.ready && !section.quiz_ready ? (
                <div role="status" className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
                  <p className="text-lg font-semibold text-slate-900">{failed ? "The quiz for this section was not written." : "The quiz for this section is being written."}</p>
                  <p className="mt-2 text-slate-700">{failed ? "Writing this course stopped before it." : "It appears here as soon as its questions are checked."}</p>
                </div>
              ) : null}
              {atQuiz && section.quiz_ready ? (
                <div className="mt-10 rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center">
                  <p className="text-lg font-semibold text-slate-900">Ready to test your understanding of this section?</p>
                  <div className="mt-4 flex justify-center">
                    <ButtonLink href={quizHref(id, position.sectionIndex)}>Attempt Quiz</ButtonLink>
                  </div>
                </div>
              ) : null}
              {finished ? (
                <div className="mt-10 rounded-2xl border border-green-200 bg-green-50 p-6 text-center">
                  <p className="text-lg font-semibold text-green-900">
                    <span aria-hidden="true">🎉</span> You have finished every section of this course.
                  </p>
                  <div className="mt-4 flex flex-wrap justify-center gap-3">
                    <ButtonLink href={courseCompleteHref(id)}>See what you learned</ButtonLink>
                    <ButtonLink href="/dashboard/completed-courses" variant="outline">
                      Completed Courses
                    </ButtonLink>
                  </div>
                </div>
              ) : null}

              <ReaderNav
                key={`${position.sectionIndex}-${position.subsectionIndex}`}
                previousHref={previous ? readerHref(id, previous) : null}
                next={section.ready ? next : { kind: "disabled", label: "Next", reason: section.in_review ? "This section is waiting for review." : failed ? "This section was not written." : "This section is still being written." }}
              />
            </article>
          </div>
        </TutorHost>
      </div>
    </Page>
  );
}

/** The lesson's cited numbers and the course's sources; a failure to read them leaves the lesson as plain text. */
async function lessonSources(caller: { id: number; role: "user" | "admin" }, courseId: number, position: Position): Promise<{ citedNumbers: number[]; list: CourseSourceView[] }> {
  try {
    const { citedNumbers, hasSources } = await readerSourcesOf(getDb(), courseId, position.sectionIndex, position.subsectionIndex);
    return { citedNumbers, list: hasSources ? await listCourseSources(getDb(), caller, courseId) : [] };
  } catch (error) {
    logger().error({ err: error, course_id: courseId }, "reader: could not load the course's sources");
    return { citedNumbers: [], list: [] };
  }
}

function requestedPosition(section: string | string[] | undefined, sub: string | string[] | undefined): Position | null {
  const sectionIndex = indexParam(section);
  if (sectionIndex === null) return null;
  return { sectionIndex, subsectionIndex: indexParam(sub) ?? 0 };
}

function nextAction(courseId: number, step: ReturnType<typeof nextStep>): NextAction {
  if (step.kind === "subsection") {
    const href = readerHref(courseId, step.to);
    return step.unlocks
      ? { kind: "unlock", href, label: "Next", courseId, progress: step.progress, sectionIndex: step.to.sectionIndex, subsectionIndex: step.to.subsectionIndex }
      : { kind: "go", href, label: "Next" };
  }
  const label = "Next Section →";
  if (step.allowed && step.to) return { kind: "go", href: readerHref(courseId, step.to), label };
  if (!step.to) return { kind: "disabled", label, reason: "This is the last section of the course." };
  return { kind: "disabled", label, reason: "Pass this section's quiz to open the next section." };
}

function Page({ children }: { children: ReactNode }) {
  // The header's content column (max-w-6xl and its padding), so the reader lines up with it.
  // Wider while the lesson tutor is open beside the lesson, so the lesson keeps a readable width.
  return <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8 xl:has-[[data-tutor=open]]:max-w-[96rem]">{children}</div>;
}

