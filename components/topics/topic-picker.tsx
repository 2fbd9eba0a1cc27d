"use client";

import { useRouter } from "next/navigation";
import { useId, useMemo, useState, type ReactNode } from "react";
import { ScrollCarousel, type TopicCard } from "@/components/topics/topic-carousel";
import { TopicIcon } from "@/components/ui/icons";
import { buttonClasses } from "@/components/ui/button-link";
import { stretchedLinkClasses } from "@/components/ui/stretched-link";
import { toastError, toastSuccess } from "@/components/ui/toaster";
import { call } from "@/client/api";

const SUBMIT_FAILED = "Failed to submit selected topics.";

/**
 * Topic selection: search by title, toggle topics in a carousel, then 'Continue to your feed'.
 * Topics chosen earlier (`chosenIds`) are shown faded as 'Selected' and cannot be toggled.
 */
export function TopicPicker({ topics, chosenIds }: { topics: TopicCard[]; chosenIds: number[] }) {
  const router = useRouter();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const chosen = useMemo(() => new Set(chosenIds), [chosenIds]);

  // Emojis follow each topic's place in the full list, so a card keeps its emoji while searching.
  const indexed = useMemo(() => topics.map((topic) => ({ topic, emoji: <TopicIcon topicId={topic.id} /> })), [topics]);
  const needle = query.trim().toLowerCase();
  const visible = needle ? indexed.filter(({ topic }) => topic.title.toLowerCase().includes(needle)) : indexed;

  function toggle(id: number) {
    if (chosen.has(id)) return;
    setPicked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  async function onContinue() {
    if (busy) return;
    const topicIds = [...picked].filter((id) => !chosen.has(id));
    if (topicIds.length === 0) {
      router.push("/dashboard");
      return;
    }
    setBusy(true);
    try {
      const result = await call("POST /users/topic-preference", {
        json: { topic_ids: topicIds },
        fallback: SUBMIT_FAILED,
      });
      toastSuccess(result?.message || "Your interests were saved.");
      router.push("/dashboard");
      router.refresh();
    } catch (error) {
      toastError(error instanceof Error && error.message ? error.message : SUBMIT_FAILED);
      setBusy(false);
    }
  }

  const newCount = picked.size;

  return (
    <div className="mt-8">
      <div className="max-w-md">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          Search topics
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="e.g. Python"
          autoComplete="off"
          className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600"
        />
      </div>

      <div className="mt-8">
        {topics.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">
            No topics available at the moment.
          </p>
        ) : visible.length === 0 ? (
          <p role="status" className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">
            No topics match “{query.trim()}”.
          </p>
        ) : (
          <ScrollCarousel label="Topics" itemLabel="topics" resetKey={needle}>
            {visible.map(({ topic, emoji }) => (
              <li key={topic.id} className="flex w-60 shrink-0 sm:w-64">
                <PickerCard
                  topic={topic}
                  emoji={emoji}
                  alreadyChosen={chosen.has(topic.id)}
                  pressed={picked.has(topic.id)}
                  onToggle={() => toggle(topic.id)}
                />
              </li>
            ))}
          </ScrollCarousel>
        )}
      </div>

      <div className="mt-8 flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p aria-live="polite" className="text-sm text-slate-700">
          {newCount === 0
            ? chosen.size > 0
              ? "Pick more topics, or continue with your current interests."
              : "Pick at least one topic you would like to learn."
            : `${newCount} new ${newCount === 1 ? "topic" : "topics"} selected.`}
        </p>
        <button type="button" data-primary-action onClick={onContinue} disabled={busy} aria-busy={busy || undefined} className={buttonClasses({ size: "lg" })}>
          {busy ? "Saving..." : "Continue to your feed"}
        </button>
      </div>
    </div>
  );
}

function PickerCard({
  topic,
  emoji,
  alreadyChosen,
  pressed,
  onToggle,
}: {
  topic: TopicCard;
  emoji: ReactNode;
  alreadyChosen: boolean;
  pressed: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  // The toggle is the title alone (its name is what it shows); its ::after makes the whole card clickable.
  return (
    <div
      // Already chosen: faded by its grey card and emoji, not by opacity (the text keeps its contrast).
      className={`relative flex w-full flex-col rounded-2xl border-2 p-5 text-left shadow-sm transition-colors ${
        alreadyChosen ? "border-slate-300 bg-slate-100" : pressed ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white hover:border-brand-600"
      }`}
    >
      <span className="flex w-full items-start justify-between gap-3">
        <span
          aria-hidden="true"
          className={`flex size-11 items-center justify-center rounded-xl bg-white text-brand-700 ring-1 ring-slate-200 ${alreadyChosen ? "opacity-50 grayscale" : ""}`}
        >
          {emoji}
        </span>
        {alreadyChosen ? (
          <span id={`${id}-state`} className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
            Selected
          </span>
        ) : pressed ? (
          // aria-pressed already says so: the badge is for sighted users.
          <span aria-hidden="true" className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
            ✓ Chosen
          </span>
        ) : null}
      </span>
      <button
        type="button"
        aria-pressed={alreadyChosen || pressed}
        disabled={alreadyChosen}
        aria-describedby={alreadyChosen ? `${id}-state ${id}-description` : `${id}-description`}
        onClick={onToggle}
        className={`mt-4 text-left text-base font-semibold text-slate-900 disabled:cursor-not-allowed ${stretchedLinkClasses}`}
      >
        {topic.title}
      </button>
      <span id={`${id}-description`} className="mt-2 line-clamp-4 text-sm whitespace-pre-line text-slate-600">
        {topic.description}
      </span>
    </div>
  );
}
