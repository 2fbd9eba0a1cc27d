"use client";

import { useId, useRef, useState } from "react";
import { AnswerChoices, optionMarks } from "@/components/quiz/answer-choices";
import { FeedbackPanel } from "@/components/quiz/feedback-panel";
import { buttonClasses } from "@/components/ui/button-link";
import { toastError } from "@/components/ui/toaster";
import { call } from "@/client/api";
import type { ReviewAnswer, ReviewCard } from "@/lib/practice/review/responses";
import { dueIn } from "./relative-time";
import { ReviewSummary, type ConceptMoved } from "./review-summary";

/**
 * A review session: the cards one at a time, the way the quiz asks them (an option per radio,
 * Submit), one try each. The answer goes to POST /review/answer with the item the card showed,
 * which reschedules the card and moves mastery (course progress never changes here); the feedback
 * opens in place below the question, as in the quiz (docs/product-rules.md, "Mastery and spaced
 * review"): the learner's wrong pick and the right option marked, why, the concept (named only
 * now), the lesson and the next review. "Next" continues; the end lists what moved.
 */
export function ReviewSession({ cards }: { cards: ReviewCard[] }) {
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [answered, setAnswered] = useState<ReviewAnswer | null>(null);
  const [right, setRight] = useState(0);
  const [moved, setMoved] = useState<ConceptMoved[]>([]);
  const legendId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const card = cards[index];

  async function submit() {
    if (!card || choice === null || answered) return;
    setSending(true);
    try {
      const result = await call("POST /review/answer", {
        json: { card_id: card.card_id, question_id: card.question_id, answer: choice },
        fallback: "Failed to check your answer.",
      });
      setAnswered(result);
      if (result.correct) setRight((n) => n + 1);
      setMoved((list) => {
        // A concept met twice (a review of one concept on demand) keeps its first level before.
        const same = list.find((m) => m.course_id === card.course_id && m.concept === result.concept);
        if (same) return list.map((m) => (m === same ? { ...m, level: result.level } : m));
        return [...list, { concept: result.concept, level_before: result.level_before, level: result.level, course_id: card.course_id, course_title: card.course_title }];
      });
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
    // The next question's first option, so the keyboard carries on where the eyes do.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>("input[type=radio]:not(:disabled)")?.focus());
  }

  if (!card) return <ReviewSummary right={right} total={cards.length} moved={moved} />;

  const marks = answered ? optionMarks(choice === null ? [] : [choice], answered.correct_answer) : {};

  return (
    <section aria-labelledby={legendId} data-answer-card className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <p className="text-sm font-semibold text-brand-700" aria-live="polite">
        Review {index + 1} of {cards.length}
      </p>
      <p data-testid="review-course" className="mt-1 text-sm text-slate-600">
        {card.course_title}
      </p>
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <AnswerChoices
          legendId={legendId}
          name={`card-${card.card_id}`}
          question={card.question}
          options={card.options}
          choice={choice}
          onChoose={setChoice}
          marks={marks}
          locked={answered !== null}
        />
        {answered ? null : (
          <div className="mt-8 flex justify-end">
            <button type="submit" disabled={choice === null || sending} aria-busy={sending} className={buttonClasses({ className: "min-w-28" })}>
              Submit
            </button>
          </div>
        )}
      </form>
      {answered ? (
        <FeedbackPanel
          key={card.card_id}
          correct={answered.correct}
          correctAnswer={answered.correct_answer}
          explanation={answered.explanation}
          concept={answered.concept}
          lesson={answered.lesson}
          questionId={card.question_id}
          explain={answered.correct ? null : { question_id: card.question_id, answer: choice ?? undefined }}
          note={`Comes back for review ${dueIn(new Date(answered.next_due_at), new Date())}.`}
        >
          <button type="button" onClick={next} className={buttonClasses({ className: "min-w-28" })}>
            Next
          </button>
        </FeedbackPanel>
      ) : null}
    </section>
  );
}
