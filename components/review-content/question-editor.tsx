"use client";

import { useId, useState, type FormEvent } from "react";
import { buttonClasses } from "@/components/ui/button-link";
import { ChangeError, FIELD, useChange } from "@/components/ui/use-change";

export type EditableQuestion = { id: number; question: string; options: string[]; correct_answer: string; hint: string | null; explanation: string | null; concept: string | null; version: number };

/**
 * Edit a quiz item (text, 4 options, which one is the key, hint, explanation, concept) or retire it,
 * from the version shown. A fresh variant waiting for review (`retirable` false) is rejected rather
 * than retired (./variant-decision.tsx).
 */
export function QuestionEditor({ q, retirable = true }: { q: EditableQuestion; retirable?: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => ({ ...q, hint: q.hint ?? "", explanation: q.explanation ?? "", concept: q.concept ?? "", key: Math.max(0, q.options.indexOf(q.correct_answer)) }));
  const { busy, error, run } = useChange("The question could not be saved. Please try again.");
  const base = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = { question: draft.question, options: draft.options, correct_answer: draft.options[draft.key] ?? "", hint: draft.hint, explanation: draft.explanation, concept: draft.concept, version: q.version };
    if (await run("PUT /quiz-questions/:id", { params: { id: q.id }, json: body }, "Question saved.")) setEditing(false);
  }

  async function retire() {
    if (!window.confirm("Retire this question? It will not be asked again; learners' answers to it are kept.")) return;
    await run("POST /quiz-questions/:id/retire", { params: { id: q.id }, json: { version: q.version } }, "Question retired.");
  }

  const text = (name: "question" | "hint" | "explanation" | "concept", label: string) => (
    <div>
      <label htmlFor={`${base}-${name}`} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input id={`${base}-${name}`} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} className={FIELD} required />
    </div>
  );

  if (!editing) {
    return (
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={() => setEditing(true)} className={buttonClasses({ variant: "outline" })} aria-label={`Edit question: ${q.question}`}>
          Edit question
        </button>
        {retirable ? (
          <button type="button" onClick={retire} disabled={busy} className={buttonClasses({ variant: "outline" })} aria-label={`Retire question: ${q.question}`}>
            Retire
          </button>
        ) : null}
        <ChangeError error={error} />
      </div>
    );
  }
  return (
    <form onSubmit={save} className="mt-3 space-y-3">
      {text("question", "Question")}
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Options (choose the right one)</legend>
        {draft.options.map((option, i) => (
          <div key={i} className="mt-1 flex items-center gap-2">
            <input type="radio" name={`${base}-key`} checked={draft.key === i} onChange={() => setDraft({ ...draft, key: i })} aria-label={`Option ${i + 1} is the right answer`} />
            <input
              value={option}
              aria-label={`Option ${i + 1}`}
              onChange={(e) => setDraft({ ...draft, options: draft.options.map((o, j) => (j === i ? e.target.value : o)) })}
              className={FIELD}
              required
            />
          </div>
        ))}
      </fieldset>
      {text("hint", "Hint")}
      {text("explanation", "Explanation")}
      {text("concept", "Concept")}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({})}>
          {busy ? "Saving…" : "Save question"}
        </button>
        <button type="button" onClick={() => setEditing(false)} className={buttonClasses({ variant: "outline" })}>
          Cancel
        </button>
      </div>
      <ChangeError error={error} />
    </form>
  );
}
