import Link from "next/link";
import { LEVEL_LABEL } from "@/components/mastery/level-badge";
import { buttonClasses } from "@/components/ui/button-link";
import type { QuizQuestion, QuizResult } from "@/lib/validation/responses/learning";
import { QuizRemediation } from "./quiz-remediation";
import { Icon } from "@/components/ui/icons";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: "long", hour: "numeric", minute: "2-digit", day: "numeric", month: "short" });

/**
 * The end of an attempt: the original screen's "Congratulations!" or "Try Again!", the score,
 * each concept it asked at its level now (mastered, learning, needs another look: the same words
 * as everywhere), why a practice round could not pass and when one can, and each missed item.
 */
const GROUP_STYLE = { mastered: "border-green-200 bg-green-50 text-green-900", learning: "border-amber-200 bg-amber-50 text-amber-900", struggling: "border-red-200 bg-red-50 text-red-900" } as const;
export function QuizOutcome({ result, questions, backHref, passedHref }: { result: QuizResult; questions: QuizQuestion[]; backHref: string; passedHref: string }) {
  const { passed, score, total } = result;
  // Each concept once, at its level after this attempt, grouped in the levels' own words.
  const levels = new Map(result.results.map((r) => [r.concept, r.level]));
  const groups = (["mastered", "learning", "struggling"] as const).map((level) => ({ level, concepts: [...levels].filter(([, l]) => l === level).map(([c]) => c) })).filter((g) => g.concepts.length);
  return (
    <section aria-labelledby="quiz-result" className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p aria-hidden="true" className="text-5xl">
        {passed ? <Icon name="trophy" className="mx-auto size-12 text-amber-600" /> : <Icon name="dumbbell" className="mx-auto size-12 text-brand-700" />}
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
