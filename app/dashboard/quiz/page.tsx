import { getDb } from "@/db/client";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { QuizRunner } from "@/components/quiz/quiz-runner";
import { courseCompleteHref, idParam, indexParam, readerHref } from "@/components/reader/links";
import { RefreshButton } from "@/components/reader/refresh-button";
import { TutorHost } from "@/components/tutor/tutor-host";
import { ButtonLink } from "@/components/ui/button-link";
import { CourseMessage } from "@/components/reader/course-message";
import type { Caller } from "@/lib/accounts/auth/caller";
import { learningInstants } from "@/lib/practice/activity/history";
import { requirePageCaller } from "@/lib/accounts/auth/page";
import { getCourseForLearner } from "@/lib/catalogue/courses/get-course";
import { COURSE_NOT_FOUND } from "@/lib/catalogue/courses/visibility";
import { AppError } from "@/lib/platform/http/app-error";
import { openQuizAttempt } from "@/lib/practice/quizzes/attempt";
import { learnerNow } from "@/lib/practice/review/clock";
import { logger } from "@/lib/platform/log/logger";
import type { QuizAttempt, QuizQuestion } from "@/lib/practice/quizzes/responses";

export const metadata: Metadata = { title: "Section quiz" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A section's quiz: /dashboard/quiz?courseId=&sectionIndex= (0-based). A load resumes the attempt under way, or draws one. */
export default async function QuizPage({ searchParams }: { searchParams: SearchParams }) {
  const caller = await requirePageCaller("user");
  const params = await searchParams;
  if (params.courseId === undefined && params.sectionIndex === undefined) redirect("/dashboard");

  const courseId = idParam(params.courseId);
  const sectionIndex = indexParam(params.sectionIndex);
  if (courseId === null) {
    return (
      <CourseMessage title="No course selected.">
        <p className="mt-4 text-slate-700">Open a course and take its quiz from the end of a section.</p>
        <Actions>
          <ButtonLink href="/dashboard">Go to dashboard</ButtonLink>
        </Actions>
      </CourseMessage>
    );
  }
  const back = readerHref(courseId);

  // The streak a pass keeps is shown with its result: a nicety, so a failed read shows none.
  const [loaded, activity] = await Promise.all([
    loadQuiz(caller, courseId, sectionIndex),
    learningInstants(getDb(), caller.id).catch((error: unknown) => {
      logger().error({ err: error }, "quiz page: could not load learning activity");
      return null;
    }),
  ]);
  if (loaded.kind === "no_course") {
    return (
      <CourseMessage title="Course not found.">
        <p className="mt-4 text-slate-700">This course does not exist or was removed.</p>
        <Actions>
          <ButtonLink href="/dashboard">Go to dashboard</ButtonLink>
        </Actions>
      </CourseMessage>
    );
  }
  if (loaded.kind === "no_quiz") {
    return (
      <CourseMessage title="Quiz not found.">
        {/* Never a stand-in quiz: questions that are not the section's could not count as a pass. */}
        <p role="alert" className="mt-4 text-red-700">
          {loaded.message}
        </p>
        <Actions>
          <RefreshButton label="Retry" />
          <ButtonLink href={back} variant="outline">
            Back to Course
          </ButtonLink>
        </Actions>
      </CourseMessage>
    );
  }
  if (loaded.kind === "not_enrolled") {
    return (
      <CourseMessage title={loaded.courseTitle}>
        <p className="mt-4 text-slate-700">Enrol in this course first: then you can read its sections and take their quizzes.</p>
        <Actions>
          <ButtonLink href={back}>Back to Course</ButtonLink>
        </Actions>
      </CourseMessage>
    );
  }
  if (loaded.kind === "locked") {
    return (
      <CourseMessage title={loaded.courseTitle}>
        <p role="status" className="mt-4 text-slate-700">
          {loaded.message}
        </p>
        <Actions>
          <ButtonLink href={back}>Back to Course</ButtonLink>
        </Actions>
      </CourseMessage>
    );
  }
  if (loaded.kind === "error") {
    return (
      <CourseMessage title="Section quiz">
        <p role="alert" className="mt-4 text-red-700">
          Failed to load the quiz. Please try again.
        </p>
        <Actions>
          <RefreshButton label="Retry" />
          <ButtonLink href={back} variant="outline">
            Back to Course
          </ButtonLink>
        </Actions>
      </CourseMessage>
    );
  }

  return (
    // Wider while the lesson tutor is open beside the quiz.
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8 xl:has-[[data-tutor=open]]:max-w-6xl">
      <p className="text-sm font-semibold text-slate-600">{loaded.courseTitle}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Quiz: {loaded.sectionTitle}</h1>
      <div className="mt-8">
        <TutorHost>
          <QuizRunner
            courseId={courseId}
            sectionIndex={loaded.sectionIndex}
            questions={loaded.questions}
            attempt={loaded.attempt}
            backHref={back}
            passedHref={readerHref(courseId, undefined, { completedSection: String(sectionIndex) })}
            finishHref={courseCompleteHref(courseId)}
            activity={activity}
          />
        </TutorHost>
      </div>
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap gap-3">{children}</div>;
}

type Loaded =
  | { kind: "ok"; courseTitle: string; sectionTitle: string; sectionIndex: number; questions: QuizQuestion[]; attempt: QuizAttempt }
  | { kind: "no_course" }
  | { kind: "no_quiz"; message: string }
  | { kind: "not_enrolled"; courseTitle: string }
  /** An earlier section's quiz is not passed yet: sections open in order. */
  | { kind: "locked"; courseTitle: string; message: string }
  | { kind: "error" };

async function loadQuiz(caller: Caller, courseId: number, sectionIndex: number | null): Promise<Loaded> {
  let courseTitle = "Section quiz";
  try {
    const course = await getCourseForLearner(getDb(), caller, courseId);
    courseTitle = course.course_title;
    const section = sectionIndex === null ? undefined : course.sections[sectionIndex];
    if (!section || sectionIndex === null) return { kind: "no_quiz", message: "This course has no such section." };
    if (!course.enrolled) return { kind: "not_enrolled", courseTitle };
    // The right answers and hints stay on the server: each try goes to quiz-check, the attempt to quiz-complete.
    const { questions, attempt } = await openQuizAttempt(getDb(), caller.id, courseId, sectionIndex, learnerNow(caller.id));
    return { kind: "ok", courseTitle, sectionTitle: section.section_title, sectionIndex, questions, attempt };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") {
      return error.message === COURSE_NOT_FOUND ? { kind: "no_course" } : { kind: "no_quiz", message: error.message };
    }
    if (error instanceof AppError && error.code === "conflict") return { kind: "locked", courseTitle, message: error.message };
    logger().error({ err: error, course_id: courseId, section_index: sectionIndex }, "quiz page: could not load the quiz");
    return { kind: "error" };
  }
}
