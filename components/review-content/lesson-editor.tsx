"use client";

import dynamic from "next/dynamic";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button-link";
import { LESSON_MAX } from "@/lib/authoring/content-review/schemas";
import { ChangeError, FIELD, useChange } from "@/components/ui/use-change";

// The preview's renderer is loaded on the first Edit only (react-markdown is most of its weight).
const ClientMarkdown = dynamic(() => import("@/components/markdown/client-markdown").then((m) => m.ClientMarkdown), { loading: () => <p className="text-sm text-slate-600">Loading the preview…</p> });

/** A lesson as learners see it (`children`, rendered on the server), and Edit: its markdown beside a live preview, saved from the version shown. */
export function LessonEditor({ id, title, content, version, children }: { id: number; title: string; content: string; version: number; children: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(content);
  const { busy, error, setError, run } = useChange("The lesson could not be saved. Please try again.");
  const areaId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (await run("PUT /subsections/:id", { params: { id }, json: { content: draft, version } }, "Lesson saved.")) setEditing(false);
  }

  if (!editing) {
    return (
      <div>
        <div className="prose prose-slate max-w-none">{children}</div>
        <button
          type="button"
          onClick={() => {
            setDraft(content);
            setError(null);
            setEditing(true);
          }}
          className={`mt-3 ${buttonClasses({ variant: "outline" })}`}
          aria-label={`Edit lesson: ${title}`}
        >
          Edit lesson
        </button>
        <ChangeError error={error} />
      </div>
    );
  }
  return (
    <form onSubmit={save} className="grid gap-4 lg:grid-cols-2">
      <div>
        <label htmlFor={areaId} className="font-semibold text-slate-900">
          Markdown of “{title}”
        </label>
        <textarea id={areaId} value={draft} maxLength={LESSON_MAX} rows={18} onChange={(e) => setDraft(e.target.value)} className={`${FIELD} font-mono text-sm`} />
      </div>
      <section aria-label="Preview" className="rounded-lg border border-dashed border-slate-300 p-3" data-testid="lesson-preview">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Preview</p>
        <ClientMarkdown content={draft} topLevel={4} />
      </section>
      <div className="flex gap-2 lg:col-span-2">
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClasses({})}>
          {busy ? "Saving…" : "Save lesson"}
        </button>
        <button type="button" onClick={() => setEditing(false)} className={buttonClasses({ variant: "outline" })}>
          Cancel
        </button>
      </div>
      <div className="lg:col-span-2">
        <ChangeError error={error} />
      </div>
    </form>
  );
}
