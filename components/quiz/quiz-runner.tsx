"use client";

import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { useId, useRef, useState } from "react";
import { QuizProgress } from "@/components/quiz/quiz-progress";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError } from "@/components/ui/toaster";
import { apiFetch } from "@/lib/client/api";
import type { AnswerCheck, QuizQuestion, QuizResult } from "@/lib/validation/responses/learning";
import { AnswerChoices } from "./answer-choices";
import { QuizRemediation } from "./quiz-remediation";

type Answer = { question_id: number; answer: string | null };

type Phase =
  | { kind: "asking" }
  | { kind: "submitting" }
  | { kind: "submit-failed"; message: string }
  | { kind: "done"; result: QuizResult };

/**
 * One attempt at a section quiz: 'Quiz N of M', an option per radio, Skip and Submit. Submit asks
 * the server whether the choice is right (Correct!/Incorrect! with the hint); after the last
 * question the whole attempt goes to quiz-complete, whose `passed` decides the final screen.
 */
export function QuizRunner({
  courseId,
  sectionIndex,
  questions,
  backHref,
  passedHref,
}: {
  courseId: number;
  sectionIndex: number;
  questions: QuizQuestion[];
  backHref: string;
  passedHref: string;
}) {
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [checking, setChecking] = useState(false);
  const [check, setCheck] = useState<AnswerCheck | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "asking" });
  const legendId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const base = `/courses/${courseId}/sections/${sectionIndex}`;
  const question = questions[index];

  async function finish(all: Answer[]) {
    setPhase({ kind: "submitting" });
    try {
      const result = await apiFetch<QuizResult>(`${base}/quiz-complete`, { method: "POST", body: { answers: all }, fallback: "Failed to submit the quiz." });
      setPhase({ kind: "done", result });
    } catch (error) {
      setPhase({ kind: "submit-failed", message: (error as Error).message });
    }
  }

  function advance(answer: string | null) {
    if (!question) return;
    const all = [...answers, { question_id: question.id, answer }];
    setAnswers(all);
    setChoice(null);
    setCheck(null);
    if (index + 1 < questions.length) setIndex(index + 1);
    else void finish(all);
  }

  async function submit() {
    if (!question || choice === null) return;
    setChecking(true);
    try {
      setCheck(await apiFetch<AnswerCheck>(`${base}/quiz-check`, { method: "POST", body: { question_id: question.id, answer: choice }, fallback: "Failed to check your answer." }));
    } catch (error) {
      toastError((error as Error).message);
    } finally {
      setChecking(false);
    }
  }

  if (phase.kind === "done") {
    const { passed, score, total } = phase.result;
    return (
      <section aria-labelledby="quiz-result" className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p aria-hidden="true" className="text-5xl">
          {passed ? "🏆" : "💪"}
        </p>
        <h2 id="quiz-result" className="mt-4 text-3xl font-bold text-slate-900">
          {passed ? "Congratulations!" : "Try Again!"}
        </h2>
        <p className="mt-2 text-lg text-slate-700">{passed ? "You answered every question correctly!" : "You missed some questions."}</p>
        <p className="mt-1 text-slate-600">
          Score: {score} of {total}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {passed ? null : (
            <button type="button" onClick={() => window.location.reload()} className={buttonClasses()}>
              Retry Quiz
            </button>
          )}
          <Link href={passed ? passedHref : backHref} className={buttonClasses({ variant: passed ? "primary" : "outline" })}>
            Back to Course
          </Link>
        </div>
        <QuizRemediation questions={questions} answers={answers} results={phase.result.results} />
      </section>
    );
  }

  if (phase.kind === "submitting") {
    return (
      <p role="status" className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-lg text-slate-700 shadow-sm">
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
          <button type="button" onClick={() => void finish(answers)} className={buttonClasses()}>
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
  return (
    <section aria-labelledby={legendId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <QuizProgress current={index + 1} total={questions.length} backHref={backHref} />
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <AnswerChoices legendId={legendId} name={`question-${question.id}`} question={question.question} options={question.options} choice={choice} onChoose={setChoice} />
        <div className="mt-8 flex flex-wrap justify-between gap-3">
          <button type="button" onClick={() => advance(null)} disabled={checking} className={buttonClasses({ variant: "outline", className: "min-w-28" })}>
            Skip
          </button>
          <button type="submit" disabled={choice === null || checking} aria-busy={checking} className={buttonClasses({ className: "min-w-28" })}>
            Submit
          </button>
        </div>
      </form>

      <Dialog.Root
        open={check !== null}
        onOpenChange={(open) => {
          // Escape or a click outside also moves on: the answer is given.
          if (!open && check) advance(choice);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              // Continue on the next question's options rather than on the page's start.
              event.preventDefault();
              formRef.current?.querySelector<HTMLInputElement>("input[type=radio]")?.focus();
            }}
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-8 text-center shadow-xl focus:outline-none">
            <p aria-hidden="true" className="text-5xl">
              {check?.correct ? "🎉" : "😕"}
            </p>
            <Dialog.Title className={`mt-3 text-2xl font-bold ${check?.correct ? "text-green-800" : "text-red-700"}`}>
              {check?.correct ? "Correct!" : "Incorrect!"}
            </Dialog.Title>
            {check && !check.correct && check.hint ? (
              <Dialog.Description className="mt-3 text-slate-700">Hint: {check.hint}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{check?.correct ? "Your answer is right." : "Your answer is not right."}</Dialog.Description>
            )}
            <button type="button" onClick={() => advance(choice)} className={buttonClasses({ className: "mt-6 min-w-28" })} autoFocus>
              Next
            </button>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
