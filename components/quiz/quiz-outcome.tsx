"use client";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { LEVEL_LABEL } from "@/components/mastery/level-badge";
import { buttonClasses } from "@/components/ui/button-link";
import { currentTimeZone, learningDays } from "@/lib/practice/activity/days";
import type { MasteryLevel } from "@/lib/practice/mastery/model";
import type { QuizQuestion, QuizResult } from "@/lib/practice/quizzes/responses";
import { QuizRemediation } from "./quiz-remediation";
import { Icon } from "@/components/ui/icons";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: "long", hour: "numeric", minute: "2-digit", day: "numeric", month: "short" });

/**
 * The end of an attempt: the original screen's "Congratulations!" or "Try Again!", the score,
 * each concept it asked at its level now (mastered, learning, needs another look: the same words
 * as everywhere), why a practice round could not pass and when one can, and each missed item.
 * A pass shows what it earned (the course's progress, the concepts it moved, the streak), and the
 * pass that finishes the course offers "Finish the course" first (docs/product-rules.md,
 * "Feedback: streak, completion, certificates"). The heading takes the focus when it appears.
 */
const GROUP_STYLE = { mastered: "border-green-200 bg-green-50 text-green-900", learning: "border-amber-200 bg-amber-50 text-amber-900", struggling: "border-red-200 bg-red-50 text-red-900" } as const;
export function QuizOutcome({
  result,
  questions,
  backHref,
  passedHref,
  finishHref,
  activity,
}: {
  result: QuizResult;
  questions: QuizQuestion[];
  backHref: string;
  passedHref: string;
  finishHref: string;
  activity: string[] | null;
}) {
  const { passed, score, total } = result;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // Each concept once, at its level after this attempt, grouped in the levels' own words.
  const levels = new Map(result.results.map((r) => [r.concept, r.level]));
  const groups = (["mastered", "learning", "struggling"] as const).map((level) => ({ level, concepts: [...levels].filter(([, l]) => l === level).map(([c]) => c) })).filter((g) => g.concepts.length);
  const finishesCourse = passed && Object.values(result.quiz_status).every(Boolean);
  return (
    <section aria-labelledby="quiz-result" className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      {passed ? <Icon name="trophy" className="mx-auto size-14 text-amber-600" /> : <Icon name="dumbbell" className="mx-auto size-14 text-brand-600" />}
      <h2 id="quiz-result" ref={heading} tabIndex={-1} className="mt-4 text-3xl font-bold text-slate-900 focus:outline-none">
        {passed ? "Congratulations!" : "Try Again!"}
      </h2>
      <p className="mt-2 text-lg text-slate-700">{passed ? "You answered every question correctly!" : score === total ? "You answered every question correctly, but this was a practice round." : "You missed some questions."}</p>
      <p className="mt-1 text-slate-600">
        Score: {score} of {total}
      </p>
      {finishesCourse ? <p className="mt-3 text-lg font-semibold text-green-800">That was the last quiz: you have finished the course.</p> : null}
      {result.counts_toward_pass ? null : (
        <p role="note" className="mx-auto mt-4 max-w-xl rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This attempt could not pass: you had recently seen the answers to some of its questions.{" "}
          {result.next_counting_at ? `Your next attempt that counts is possible from ${when(result.next_counting_at)}.` : "An attempt counts again once new questions on these concepts are written."}
        </p>
      )}
      {passed ? <Earned result={result} activity={activity} /> : null}
      {groups.length ? (
        <div className="mx-auto mt-6 grid max-w-2xl gap-4 text-left sm:grid-cols-2">
          {groups.map(({ level, concepts }) => (
            <div key={level} data-testid={`concepts-${level}`} className={`rounded-xl border p-4 ${GROUP_STYLE[level]}`}>
              <h3 className="font-semibold">
                {level === "mastered" ? <span aria-hidden="true">✓ </span> : null}
                {LEVEL_LABEL[level]}
              </h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {concepts.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {finishesCourse ? (
          <Link href={finishHref} className={buttonClasses()}>
            Finish the course
          </Link>
        ) : null}
        {passed ? null : (
          <button type="button" onClick={() => window.location.reload()} className={buttonClasses()}>
            Retry Quiz
          </button>
        )}
        <Link href={passed ? passedHref : backHref} className={buttonClasses({ variant: passed && !finishesCourse ? "primary" : "outline" })}>
          Back to Course
        </Link>
      </div>
      <QuizRemediation questions={questions} results={result.results} />
    </section>
  );
}

const RANK: Record<MasteryLevel, number> = { new: 0, struggling: 1, learning: 2, mastered: 3 };

/** What a pass earned: the course's progress, each concept whose level it moved (up or down), and the streak it keeps. */
function Earned({ result, activity }: { result: QuizResult; activity: string[] | null }) {
  const moved = new Map<string, { from: MasteryLevel; to: MasteryLevel }>();
  for (const r of result.results) {
    if (r.level_before && r.level_before !== r.level && !moved.has(r.concept)) moved.set(r.concept, { from: r.level_before, to: r.level });
  }
  // This attempt is learning today: the streak counts it, in the learner's own time zone as the dashboard does.
  const now = new Date();
  const streak = activity ? learningDays([...activity, now.toISOString()], now, currentTimeZone()).streak : null;
  return (
    <section aria-labelledby="earned-heading" data-testid="quiz-earned" className="mx-auto mt-6 max-w-2xl rounded-xl border border-brand-100 bg-brand-50 p-4 text-left">
      <h3 id="earned-heading" className="font-semibold text-slate-900">
        What this pass earned
      </h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">
        <li>Course progress: {result.course_progress}%</li>
        {[...moved].map(([concept, { from, to }]) => (
          <li key={concept}>
            <span aria-hidden="true">{RANK[to] > RANK[from] ? "↑ " : "↓ "}</span>
            {concept}: {LEVEL_LABEL[from]} → {LEVEL_LABEL[to]}
          </li>
        ))}
        {streak ? <li data-testid="quiz-streak">{streak === 1 ? "A 1-day streak: come back tomorrow to make it two." : `A ${streak}-day streak of learning.`}</li> : null}
      </ul>
    </section>
  );
}
