"use client";
import Link from "next/link";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { revealFeedback } from "@/components/quiz/reveal-feedback";
import { lessonHref } from "@/components/review/lesson-href";
import { ReportProblem } from "@/components/reports/report-problem";
import { SourceOfAnswer } from "@/components/sources/citations";
import { ExplainAnswerButton } from "@/components/tutor/tutor-launcher";
import type { ExplainRequest } from "@/components/tutor/tutor-lesson";
import { InlineCode } from "@/components/ui/inline-code";
import type { Lesson } from "@/lib/practice/review/responses";
import type { CitedPassage } from "@/lib/catalogue/courses/responses";

/**
 * Feedback after an answer, in a panel below the question that never covers it (on a phone it
 * spans the screen's width like a sheet, in the page's flow): "Correct!" or "Incorrect!" in words
 * and an icon with its summary (the hint on a first miss, the right answer once missed, and what
 * the verdict means for the quiz), then once final why, the concept and the lesson. Focus moves to
 * its heading, described by that summary, so a screen reader announces the verdict with it; the
 * page scrolls the panel into view with the options still in reach (./reveal-feedback.ts).
 */
export function FeedbackPanel({
  correct,
  hint,
  correctAnswer,
  explanation,
  concept,
  lesson,
  verdictNote,
  note,
  explain,
  children,
  questionId,
  source,
}: {
  correct: boolean;
  hint?: string | null;
  correctAnswer?: string | null;
  explanation?: string | null;
  concept?: string | null;
  lesson: Lesson;
  /** A line of the verdict's summary that explains it: a second try offered, a right second try that does not count. */
  verdictNote?: ReactNode;
  /** One more line under the explanation (a review's next date). */
  note?: ReactNode;
  /** A final miss: "Explain my answer" asks the lesson tutor about this item (where the page has one). */
  /** "Explain my answer": the missed item, its answer shown, and the learner's pick. */
  explain?: ExplainRequest | null;
  /** The panel's buttons, when they are not in the card's action bar. */
  children?: ReactNode;
  /** The item shown, once its key is: "Report a problem" on it (docs/product-rules.md, "Reports"). */
  questionId?: number;
  /** The source passage supporting the key, sent only once the item is final (docs/sources.md). */
  source?: CitedPassage | null;
}) {
  const headingId = useId();
  const summaryId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (panelRef.current && headingRef.current && summaryRef.current) revealFeedback(panelRef.current, headingRef.current, summaryRef.current);
  }, []);
  const actions = children || explain ? (
    <div className="mt-5 flex flex-wrap gap-3">
      {children}
      {explain ? <ExplainAnswerButton lesson={lesson} explain={explain} /> : null}
    </div>
  ) : null;
  return (
    <section
      ref={panelRef}
      aria-labelledby={headingId}
      data-testid="feedback-panel"
      className={`-mx-6 mt-6 border-t-4 px-6 py-5 sm:mx-0 sm:rounded-xl sm:border-2 ${correct ? "border-green-700 bg-green-50" : "border-red-600 bg-red-50"}`}
    >
      <div ref={summaryRef}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} aria-describedby={summaryId} className={`flex items-center gap-2 text-2xl font-bold focus:outline-none ${correct ? "text-green-800" : "text-red-700"}`}>
          <span aria-hidden="true">{correct ? "✓" : "✗"}</span>
          {correct ? "Correct!" : "Incorrect!"}
        </h2>
        <div id={summaryId} className="mt-3 space-y-2 text-slate-800 empty:hidden">
          {hint ? (
            <p>
              Hint: <InlineCode text={hint} />
            </p>
          ) : null}
          {correctAnswer && !correct ? (
            <p>
              Right answer: <InlineCode text={correctAnswer} />
            </p>
          ) : null}
          {verdictNote ? <p className="font-semibold text-slate-900">{verdictNote}</p> : null}
        </div>
      </div>
      <div className="mt-2 space-y-2 text-slate-800">
        {explanation ? (
          <p>
            <InlineCode text={explanation} />
          </p>
        ) : null}
        {concept ? <p className="text-sm text-slate-700">Concept: {concept}</p> : null}
        {note ? <p className="text-sm text-slate-700">{note}</p> : null}
        {source ? (
          <p>
            <SourceOfAnswer passage={source} />
          </p>
        ) : null}
        <p>
          <Link href={lessonHref(lesson)} className="font-semibold text-brand-700 underline hover:text-brand-800">
            Read the lesson: {lesson.title}
          </Link>
        </p>
      </div>
      {actions}
      {questionId ? <div className="mt-3"><ReportProblem key={questionId} target={{ question_id: questionId }} /></div> : null}
    </section>
  );
}
