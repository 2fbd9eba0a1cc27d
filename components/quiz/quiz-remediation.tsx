import Link from "next/link";
import { lessonHref } from "@/components/review/lesson-href";
import { SourceOfAnswer } from "@/components/sources/citations";
import { InlineCode } from "@/components/ui/inline-code";
import type { QuizQuestion, QuizResult } from "@/lib/practice/quizzes/responses";

/**
 * The result screen's remediation (docs/product-rules.md, "Practice"): each missed item with the
 * learner's first answer, the right one, why it is right, and a link to the subsection that
 * teaches it, and the source passage behind the right answer where the item has one.
 */
export function QuizRemediation({ questions, results }: { questions: QuizQuestion[]; results: QuizResult["results"] }) {
  const missed = results.filter((r) => !r.correct);
  if (!missed.length) return null;
  const questionText = new Map(questions.map((q) => [q.id, q.question]));
  return (
    <section aria-labelledby="remediation-heading" className="mt-8 text-left">
      <h3 id="remediation-heading" className="text-xl font-bold text-slate-900">
        What you missed
      </h3>
      <ol className="mt-4 space-y-4">
        {missed.map((r) => (
          <li key={r.question_id} data-testid="missed-question" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p className="font-semibold text-slate-900">
              <InlineCode text={questionText.get(r.question_id) ?? ""} />
            </p>
            <p className="mt-2 text-sm text-red-800">
              Your first answer: {r.answer ? <InlineCode text={r.answer} /> : "skipped"}
            </p>
            <p className="mt-1 text-sm text-green-800">
              Right answer: <InlineCode text={r.correct_answer} />
            </p>
            {r.explanation ? (
              <p className="mt-2 text-sm text-slate-700">
                <InlineCode text={r.explanation} />
              </p>
            ) : null}
            {r.source ? (
              <p className="mt-2 text-sm">
                <SourceOfAnswer passage={r.source} />
              </p>
            ) : null}
            <p className="mt-2 text-sm">
              <Link href={lessonHref(r.lesson)} className="font-semibold text-brand-700 underline hover:text-brand-800">
                Read the lesson: {r.lesson.title}
              </Link>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
