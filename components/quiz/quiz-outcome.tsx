import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-link";
import type { QuizQuestion, QuizResult } from "@/lib/validation/responses/learning";
import { QuizRemediation } from "./quiz-remediation";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: "long", hour: "numeric", minute: "2-digit", day: "numeric", month: "short" });

/**
 * The end of an attempt: SPEC.md's "Congratulations!" or "Try Again!", the score, what the
 * attempt showed in plain words (concepts answered right first time, concepts still being
 * learnt), why a practice round could not pass and when one can, and each missed item.
 */
export function QuizOutcome({ result, questions, backHref, passedHref }: { result: QuizResult; questions: QuizQuestion[]; backHref: string; passedHref: string }) {
  const { passed, score, total } = result;
  const right = [...new Set(result.results.filter((r) => r.correct).map((r) => r.concept))];
  const learning = [...new Set(result.results.filter((r) => !r.correct).map((r) => r.concept))];
  return (
    <section aria-labelledby="quiz-result" className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p aria-hidden="true" className="text-5xl">
        {passed ? "🏆" : "💪"}
      </p>
      <h2 id="quiz-result" className="mt-4 text-3xl font-bold text-slate-900">
        {passed ? "Congratulations!" : "Try Again!"}
      </h2>
      <p className="mt-2 text-lg text-slate-700">{passed ? "You answered every question correctly!" : score === total ? "You answered every question correctly, but this was a practice round." : "You missed some questions."}</p>
      <p className="mt-1 text-slate-600">
        Score: {score} of {total}
      </p>
      {result.counts_toward_pass ? null : (
        <p role="note" className="mx-auto mt-4 max-w-xl rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This attempt could not pass: you had recently seen the answers to some of its questions.{" "}
          {result.next_counting_at ? `Your next attempt that counts is possible from ${when(result.next_counting_at)}.` : "An attempt counts again once new questions on these concepts are written."}
        </p>
      )}
      {right.length || learning.length ? (
        <div className="mx-auto mt-6 grid max-w-2xl gap-4 text-left sm:grid-cols-2">
          {right.length ? (
            <div data-testid="concepts-right" className="rounded-xl border border-green-200 bg-green-50 p-4">
              <h3 className="font-semibold text-green-900">
                <span aria-hidden="true">✓ </span>You know
              </h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-green-900">
                {right.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {learning.length ? (
            <div data-testid="concepts-learning" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
              <h3 className="font-semibold text-amber-900">Still learning</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
                {learning.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
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
      <QuizRemediation questions={questions} results={result.results} />
    </section>
  );
}
