"use client";

import { useId, useState, type FormEvent } from "react";
import type { CourseLength, CourseLevel } from "@/db/schema";
import { buttonClasses } from "@/components/ui/button-classes";
import { ApiError, call } from "@/client/api";
import { REQUEST_LEVELS } from "@/lib/authoring/course-requests/request-values";
import { normaliseSubject, SUBJECT_MAX, subjectProblem } from "@/lib/authoring/course-requests/subject";
import type { CourseRequestView } from "@/lib/authoring/course-requests/responses";
import { AttachSource, readySourceOf } from "./attach-source";
import { LENGTH_OPTIONS } from "./lengths";

/*
 * "Write me a course" (docs/product-rules.md, "Course requests"): a subject (any: the catalogue's
 * topics are suggested as the learner types, or it is the page's topic), a level that starts at
 * what the learner's record in that subject suggests, a length, and optionally a file of their
 * own. The subject is checked here as the server checks it, so a refusal says why at once.
 */

/** The server's own words (lib/authoring/course-requests/writing-off.ts), for a server whose settings the page already knows. */
const WRITING_OFF = "Course writing is turned off here; ask your admin.";
const FIELD = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900";

type Topic = { id: number; title: string };

export type RequestFormProps = {
  /** The page's own topic (a topic's page): no subject to type. */
  fixedTopic: Topic | null;
  /** The catalogue's topics, suggested as the learner types. */
  suggestions: readonly Topic[];
  /** The level each subject starts at, by lower-case title (missing: Beginner). */
  levels: Readonly<Record<string, CourseLevel>>;
  modelConfigured: boolean;
  /** A learner may attach a file of their own (docs/sources.md): the upload limit, or null where learners may keep none. */
  sourceMaxBytes: number | null;
  onAsked: (request: CourseRequestView) => void;
};

export function RequestForm({ fixedTopic, suggestions, levels, modelConfigured, sourceMaxBytes, onAsked }: RequestFormProps) {
  const ids = { subject: useId(), subjectHint: useId(), subjectError: useId(), list: useId(), level: useId(), levelHint: useId() };
  const suggestedFor = (text: string) => levels[normaliseSubject(text).toLowerCase()] ?? "Beginner";
  const [subject, setSubject] = useState("");
  const [level, setLevel] = useState<CourseLevel>(fixedTopic ? suggestedFor(fixedTopic.title) : "Beginner");
  // Once the learner picks a level themselves, typing no longer moves it.
  const [levelChosen, setLevelChosen] = useState(false);
  const [length, setLength] = useState<CourseLength>("standard");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState("");
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const suggested = fixedTopic ? suggestedFor(fixedTopic.title) : suggestedFor(subject);

  function typeSubject(text: string) {
    setSubject(text);
    setSubjectError(null);
    if (!levelChosen) setLevel(suggestedFor(text));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    // The server refuses too (409); the page already knows, so it says so without asking.
    if (!modelConfigured) return setProblem(WRITING_OFF);
    const typed = fixedTopic ? null : subjectProblem(subject);
    if (typed) return setSubjectError(typed);
    setBusy(true);
    try {
      if (fixedTopic) await call("POST /users/topic-preference", { json: { topic_ids: [fixedTopic.id] }, fallback: "Could not add the topic to your interests." });
      const sourceId = file && sourceMaxBytes !== null ? await readySourceOf(file, sourceMaxBytes, setProgress) : undefined;
      const asked = await call("POST /courses/generate", {
        json: { ...(fixedTopic ? { topic_id: fixedTopic.id } : { subject }), level, length, source_id: sourceId },
        fallback: "Could not ask for your course. Please try again.",
      });
      onAsked(asked.request);
      setSubject("");
      setFile(null);
      setLevelChosen(false);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "Could not ask for your course. Please try again.";
      if (error instanceof ApiError && error.fields.includes("subject")) setSubjectError(message);
      else setProblem(message);
    } finally {
      setBusy(false);
      setProgress("");
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 flex flex-col gap-4">
      {fixedTopic ? null : (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.subject} className="text-sm font-medium text-slate-800">
            What do you want to learn?
          </label>
          <input
            id={ids.subject}
            type="text"
            list={ids.list}
            value={subject}
            onChange={(e) => typeSubject(e.currentTarget.value)}
            maxLength={SUBJECT_MAX + 20}
            autoComplete="off"
            enterKeyHint="go"
            disabled={busy}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={subjectError ? `${ids.subjectError} ${ids.subjectHint}` : ids.subjectHint}
            className={FIELD}
          />
          <datalist id={ids.list}>
            {suggestions.map((t) => (
              <option key={t.id} value={t.title} />
            ))}
          </datalist>
          <p id={ids.subjectHint} className="text-xs text-slate-600">
            Any subject: one of the topics as you type, or your own, such as &ldquo;Beekeeping for beginners&rdquo;.
          </p>
          <p id={ids.subjectError} role="alert" className="text-sm font-medium text-red-700 empty:hidden">
            {subjectError}
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.level} className="text-sm font-medium text-slate-800">
            Level
          </label>
          <select
            id={ids.level}
            value={level}
            disabled={busy}
            aria-describedby={ids.levelHint}
            onChange={(e) => {
              setLevel(e.currentTarget.value as CourseLevel);
              setLevelChosen(true);
            }}
            className={FIELD}
          >
            {REQUEST_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
          <p id={ids.levelHint} className="text-xs text-slate-600">
            {suggested === "Beginner" ? "From the start: nothing you have done in this subject yet." : `${suggested} suggested, from what you have done in this subject.`}
          </p>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">Length</legend>
          {LENGTH_OPTIONS.map((option) => (
            <label key={option.length} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="length" value={option.length} checked={length === option.length} disabled={busy} onChange={() => setLength(option.length)} className="size-4" />
              <span>
                <span className="font-medium">{option.label}</span> <span className="text-slate-600">· {option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </div>
      {sourceMaxBytes !== null ? <AttachSource file={file} onChange={setFile} disabled={busy} maxBytes={sourceMaxBytes} /> : null}
      <div>
        <button type="submit" disabled={busy} aria-busy={busy} className={buttonClasses({ size: "lg" })}>
          {busy ? "Asking..." : "Write me a course on this"}
        </button>
      </div>
      <p role="status" aria-live="polite" className="text-slate-700 empty:hidden">
        {progress}
      </p>
      <p role="alert" className="font-medium text-red-700 empty:hidden">
        {problem}
      </p>
    </form>
  );
}
