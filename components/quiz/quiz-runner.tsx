"use client";
import Link from "next/link";
import { useId, useRef, useState, type ReactNode } from "react";
import { QuizProgress } from "@/components/quiz/quiz-progress";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError } from "@/components/ui/toaster";
import { call } from "@/client/api";
import type { QuizAttempt, QuizQuestion, QuizResult } from "@/lib/practice/quizzes/responses";
import { AnswerChoices, optionMarks } from "./answer-choices";
import { FeedbackPanel } from "./feedback-panel";
import { useLeaveWarning } from "./leave-quiz";
import { QuizOutcome } from "./quiz-outcome";

type Phase = { kind: "asking" } | { kind: "submitting" } | { kind: "submit-failed"; message: string } | { kind: "done"; result: QuizResult };

/**
 * One attempt at a section quiz (docs/product-rules.md, "Practice"): 'Quiz N of M', an option per
 * radio, Skip and Submit. Each Submit is one try (quiz-check): the feedback opens below the
 * question; a first miss gives the hint and one more try; once the item is final the learner's
 * pick and the right option are marked in place with why and the lesson. After the last item the
 * attempt goes to quiz-complete, which grades each item's first try. A reload resumes the attempt
 * (the server holds it, with every try), and leaving with answers asks first (./leave-quiz.tsx).
 * One live region says what happens after the last item: "Checking your answers...", then the
 * result, whose heading then takes the focus.
 */
export function QuizRunner({
  courseId,
  sectionIndex,
  questions,
  attempt,
  backHref,
  passedHref,
  finishHref,
  activity,
}: {
  courseId: number;
  sectionIndex: number;
  questions: QuizQuestion[];
  attempt: QuizAttempt;
  backHref: string;
  passedHref: string;
  /** The course's completion screen, offered once this pass finishes the course. */
  finishHref: string;
  /** The learner's learning instants before this attempt (lib/practice/activity/history.ts): the streak a pass keeps. */
  activity: string[] | null;
}) {
  const initial = new Map(attempt.items.map((i) => [i.question_id, i]));
  const [tries, setTries] = useState(() => new Map(attempt.items.map((i) => [i.question_id, i.tries])));
  const [feedback, setFeedback] = useState(() => new Map(attempt.items.flatMap((i) => (i.feedback ? [[i.question_id, i.feedback] as const] : []))));
  // Resume at the first item not final yet (all final: at the last, ready to finish).
  const [index, setIndex] = useState(() => {
    const open = questions.findIndex((q) => !initial.get(q.id)?.feedback?.final);
    return open === -1 ? Math.max(questions.length - 1, 0) : open;
  });
  const [choice, setChoice] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "asking" });
  const legendId = useId();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const section = { id: courseId, sectionIndex };
  const question = questions[index];
  const current = question ? feedback.get(question.id) : undefined;
  const isLast = index + 1 >= questions.length;
  const answered = questions.filter((q) => (tries.get(q.id) ?? []).length > 0).length;
  useLeaveWarning(answered > 0 && phase.kind !== "done");

  async function finish() {
    setPhase({ kind: "submitting" });
    // Items never tried go as unanswered: the server grades what quiz-check recorded for the rest.
    const answers = questions.filter((q) => !(tries.get(q.id) ?? []).length).map((q) => ({ question_id: q.id, answer: null }));
    try {
      const result = await call("POST /courses/:id/sections/:sectionIndex/quiz-complete", { params: section, json: { answers }, fallback: "Failed to submit the quiz." });
      setPhase({ kind: "done", result });
    } catch (error) {
      setPhase({ kind: "submit-failed", message: (error as Error).message });
    }
  }

  function advance() {
    setChoice(null);
    if (isLast) void finish();
    else {
      setIndex(index + 1);
      // The next question's first option, so the keyboard carries on where the eyes do.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>("input[type=radio]:not(:disabled)")?.focus());
    }
  }

  async function submit() {
    if (!question || choice === null) return;
    setChecking(true);
    try {
      const check = await call("POST /courses/:id/sections/:sectionIndex/quiz-check", { params: section, json: { question_id: question.id, answer: choice }, fallback: "Failed to check your answer." });
      setTries(new Map(tries).set(question.id, [...(tries.get(question.id) ?? []), choice]));
      setFeedback(new Map(feedback).set(question.id, check));
      setChoice(null);
    } catch (error) {
      toastError((error as Error).message);
    } finally {
      setChecking(false);
    }
  }

  return (
    <>
      {/* Always in the page, so what it says is announced: an announcement in a region that just appeared often is not. */}
      <p role="status" className="sr-only" data-testid="quiz-announcement">
        {announcement(phase)}
      </p>
      {screen()}
    </>
  );

  function screen() {
    if (phase.kind === "done") {
      return <QuizOutcome result={phase.result} questions={questions} backHref={backHref} passedHref={passedHref} finishHref={finishHref} activity={activity} />;
    }

    if (phase.kind === "submitting") {
      return (
        <p aria-hidden="true" className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-lg text-slate-700 shadow-sm">
          Checking your answers...
        </p>
      );
    }

    if (phase.kind === "submit-failed") {
      return (
        <div className="rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
          <p role="alert" className="text-lg text-red-700">
            {phase.message}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <button type="button" onClick={() => void finish()} className={buttonClasses()}>
              Send answers again
            </button>
            <Link href={backHref} className={buttonClasses({ variant: "outline" })}>
              Back to Course
            </Link>
          </div>
        </div>
      );
    }

    if (!question) return null;
    const itemTries = tries.get(question.id) ?? [];
    const final = current?.final ?? false;
    const marks = optionMarks(itemTries, final ? (current?.correct_answer ?? null) : null);
    const nextLabel = isLast ? "See results" : "Next question";

    return (
      <section aria-labelledby={legendId} data-answer-card className="rounded-2xl border border-slate-200 bg-white px-6 pt-6 shadow-sm sm:px-8 sm:pt-8">
        {attempt.counts_toward_pass ? null : (
          <p role="note" className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Practice round: you have seen the answers to some of these questions recently, so this attempt cannot pass the quiz.
          </p>
        )}
        <QuizProgress current={index + 1} total={questions.length} answered={answered} backHref={backHref} />
        <form
          id={formId}
          ref={formRef}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <AnswerChoices legendId={legendId} name={`question-${question.id}`} question={question.question} options={question.options} choice={choice} onChoose={setChoice} marks={marks} locked={final} />
        </form>
        {current && !final ? <FeedbackPanel key={`${question.id}-${itemTries.length}`} correct={false} hint={current.hint} lesson={current.lesson} verdictNote={SECOND_TRY_OFFERED} /> : null}
        {current && final ? (
          <FeedbackPanel
            key={`${question.id}-final`}
            questionId={question.id}
            correct={current.correct}
            correctAnswer={current.correct_answer}
            explanation={current.explanation}
            concept={current.concept}
            source={current.source}
            lesson={current.lesson}
            explain={current.correct ? null : { question_id: question.id, answer: choice ?? undefined }}
            verdictNote={current.correct && !current.first_try_correct ? SECOND_TRY_RIGHT : null}
          />
        ) : null}
        <QuizActions>
          {!current ? (
            <>
              <button type="button" onClick={advance} disabled={checking} className={buttonClasses({ variant: "outline", className: "min-w-28" })}>
                Skip
              </button>
              <button type="submit" form={formId} disabled={choice === null || checking} aria-busy={checking} className={buttonClasses({ className: "min-w-28" })}>
                Submit
              </button>
            </>
          ) : !final ? (
            <>
              {/* On without the second try: Skip, as before the first, so the pair fits one row on a phone. */}
              <button type="button" onClick={advance} disabled={checking} className={buttonClasses({ variant: "outline", className: "min-w-28" })}>
                Skip
              </button>
              <button type="submit" form={formId} disabled={choice === null || checking} aria-busy={checking} className={buttonClasses()}>
                Submit second try
              </button>
            </>
          ) : (
            <button type="button" onClick={advance} className={buttonClasses({ className: "ml-auto min-w-28" })}>
              {nextLabel}
            </button>
          )}
        </QuizActions>
      </section>
    );
  }
}

/** Under a first miss: what to do next, and what a second try is worth. */
export const SECOND_TRY_OFFERED = "One more try: choose another option above and submit it. A right second try is practice: it does not count toward the pass.";
/** A right second try, said where it is shown: why a green verdict still counts as missed. */
export const SECOND_TRY_RIGHT = "Right on the second try: this item comes back in review, it does not count toward the pass.";

/**
 * The question's buttons, in one bar at the foot of the card that sticks to the bottom of the
 * screen while the card runs past it: Skip and Submit, then after a first miss Skip and Submit
 * second try, then the way on. So on a phone the next action is in reach wherever the learner scrolls to read
 * the feedback or pick again (docs/product-rules.md, "Feedback on screen").
 */
function QuizActions({ children }: { children: ReactNode }) {
  return (
    <div
      data-answer-actions
      data-primary-action
      data-testid="quiz-actions"
      className="sticky bottom-0 z-10 -mx-6 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-b-2xl border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-8 sm:px-8 sm:pt-4 sm:pb-8"
    >
      {children}
    </div>
  );
}

/** What the live region says after the last item. */
function announcement(phase: Phase): string {
  if (phase.kind === "submitting") return "Checking your answers...";
  if (phase.kind !== "done") return "";
  const { passed, score, total } = phase.result;
  return `${passed ? "Congratulations! You passed the quiz" : "Try Again! You did not pass the quiz"}: ${score} of ${total} right.`;
}
