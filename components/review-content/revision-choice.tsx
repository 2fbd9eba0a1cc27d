import type { ReactNode } from "react";
import { Markdown } from "@/components/markdown/markdown";
import { OptionsWithKey } from "@/components/reports/options-with-key";
import { InlineCode } from "@/components/ui/inline-code";
import type { OpenChoice } from "@/lib/authoring/content-review/course-review";
import type { QuestionFields } from "@/lib/authoring/content-review/items";
import { RevisionDecision } from "./revision-decision";

/*
 * A regenerated lesson or quiz item, old and new side by side (docs/product-rules.md, "Review and
 * editing"), with the choice between them: for a revision waiting for review, Accept (learners get
 * it from then on) or Keep the old one; for one written in place, Keep the new one or Restore the
 * old one. Both versions render as learners would see them (a lesson through the reader's
 * renderer, an item with its key marked).
 */

function QuestionVersion({ q }: { q: QuestionFields }) {
  return (
    <div>
      <p className="font-medium text-slate-900">
        <InlineCode text={q.question} />
      </p>
      <OptionsWithKey options={q.options} answer={q.correct_answer} className="mt-2" />
      {q.hint ? <p className="mt-2 text-sm text-slate-700">Hint: {q.hint}</p> : null}
      {q.explanation ? <p className="mt-1 text-sm text-slate-700">Why: {q.explanation}</p> : null}
      <p className="mt-1 text-xs text-slate-600">Concept: {q.concept ?? "none"}</p>
    </div>
  );
}

function Side({ heading, children, testId }: { heading: string; children: ReactNode; testId: string }) {
  return (
    <section aria-label={heading} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-700 uppercase">{heading}</h4>
      {children}
    </section>
  );
}

export function RevisionChoice({ choice, kind, title }: { choice: OpenChoice; kind: "lesson" | "question"; title: string }) {
  const show = (version: OpenChoice["before"]) =>
    version === null ? (
      <p className="text-sm text-slate-600">Not kept.</p>
    ) : "content" in version ? (
      <div className="prose prose-slate max-w-none">
        <Markdown content={version.content} topLevel={4} />
      </div>
    ) : (
      <QuestionVersion q={version} />
    );
  const headingId = `revision-${choice.regenerationId}`;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-lg border-2 border-amber-400 bg-amber-50 p-4" data-testid="revision-choice">
      <h4 id={headingId} className="font-semibold text-amber-950">
        {choice.review ? "A new version waits for your review" : "Regenerated: compare it with the old version"}
        {choice.instruction ? ` (“${choice.instruction}”)` : ""}
      </h4>
      <p className="mt-1 text-sm text-amber-950">
        {choice.review ? "Learners keep the approved version until you accept the new one." : "Learners get the new version now. Keep it, or restore the old one."}
      </p>
      <div className="mt-3 grid gap-3 lg:grid-cols-2">
        <Side heading={choice.review ? "Approved version (learners get this)" : "Old version"} testId="revision-old">
          {show(choice.before)}
        </Side>
        <Side heading={choice.review ? "New version" : "New version (learners get this)"} testId="revision-new">
          {show(choice.after)}
        </Side>
      </div>
      <RevisionDecision regenerationId={choice.regenerationId} review={choice.review} label={`${kind}: ${title}`} />
    </section>
  );
}
