"use client";

import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { useId, useRef, useState } from "react";
import { AnswerChoices } from "@/components/quiz/answer-choices";
import { InlineCode } from "@/components/ui/inline-code";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError } from "@/components/ui/toaster";
import { apiFetch } from "@/lib/client/api";
import type { ReviewAnswer, ReviewCard } from "@/lib/validation/responses/review";
import { lessonHref } from "./lesson-href";
import { dueIn } from "./relative-time";

/**
 * A review session: the cards one at a time, the way the quiz asks them (an option per radio,
 * Submit, then Correct!/Incorrect!), followed by the right answer, why, and the lesson. Each
 * answer goes to POST /review/answer, which reschedules the card and moves mastery; course
 * progress never changes here.
 */
export function ReviewSession({ cards }: { cards: ReviewCard[] }) {
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [answered, setAnswered] = useState<ReviewAnswer | null>(null);
  const [right, setRight] = useState(0);
  const legendId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const card = cards[index];

  async function submit() {
    if (!card || choice === null) return;
    setSending(true);
    try {
      const result = await apiFetch<ReviewAnswer>("/review/answer", { method: "POST", body: { card_id: card.card_id, answer: choice }, fallback: "Failed to check your answer." });
      setAnswered(result);
      if (result.correct) setRight((n) => n + 1);
    } catch (error) {
      toastError((error as Error).message);
    } finally {
      setSending(false);
    }
  }

  function next() {
    setAnswered(null);
    setChoice(null);
    setIndex((i) => i + 1);
  }

  if (!card) {
    return (
      <section aria-labelledby="review-done" className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h2 id="review-done" className="text-3xl font-bold text-slate-900">
          Review complete
        </h2>
        <p className="mt-2 text-lg text-slate-700">
          You answered {right} of {cards.length} right.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href="/dashboard/progress" className={buttonClasses()}>
            See your progress
          </Link>
          <Link href="/dashboard" className={buttonClasses({ variant: "outline" })}>
            Back to dashboard
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={legendId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <p className="text-sm font-semibold text-brand-700" aria-live="polite">
        Review {index + 1} of {cards.length}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {card.course_title} · {card.concept}
      </p>
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <AnswerChoices legendId={legendId} name={`card-${card.card_id}`} question={card.question} options={card.options} choice={choice} onChoose={setChoice} />
        <div className="mt-8 flex justify-end">
          <button type="submit" disabled={choice === null || sending} aria-busy={sending} className={buttonClasses({ className: "min-w-28" })}>
            Submit
          </button>
        </div>
      </form>

      <Dialog.Root
        open={answered !== null}
        onOpenChange={(open) => {
          if (!open && answered) next();
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              formRef.current?.querySelector<HTMLInputElement>("input[type=radio]")?.focus();
            }}
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-8 text-center shadow-xl focus:outline-none"
          >
            <p aria-hidden="true" className="text-5xl">
              {answered?.correct ? "🎉" : "😕"}
            </p>
            <Dialog.Title className={`mt-3 text-2xl font-bold ${answered?.correct ? "text-green-800" : "text-red-700"}`}>{answered?.correct ? "Correct!" : "Incorrect!"}</Dialog.Title>
            {answered ? (
              <Dialog.Description asChild>
                <div className="mt-3 space-y-2 text-left text-slate-700">
                  <p>
                    Right answer: <InlineCode text={answered.correct_answer} />
                  </p>
                  {answered.explanation ? <p>{answered.explanation}</p> : null}
                  <p>
                    <Link href={lessonHref(answered.lesson)} className="font-semibold text-brand-700 underline hover:text-brand-800">
                      Read the lesson: {answered.lesson.title}
                    </Link>
                  </p>
                  <p className="text-sm text-slate-600">Next review of this question: {dueIn(new Date(answered.next_due_at), new Date())}.</p>
                </div>
              </Dialog.Description>
            ) : null}
            <button type="button" onClick={next} className={buttonClasses({ className: "mt-6 min-w-28" })} autoFocus>
              Next
            </button>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
