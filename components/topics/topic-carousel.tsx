"use client";

import Link from "next/link";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { TopicIcon } from "@/components/ui/icons";
import { stretchedLinkClasses } from "@/components/ui/stretched-link";
import { scrollBehavior } from "@/client/motion";
import { wholeCardScrollTarget } from "./whole-card-scroll";

/** A topic card; its description already rendered on the server (TopicDescription). */
export type TopicCard = { id: number; title: string; description: ReactNode };

/**
 * A horizontally scrolling row with left/right arrow buttons that scroll by whole cards
 * (./whole-card-scroll.ts), and a swipe that comes to rest at a card's start. The row itself is focusable (arrow keys scroll it natively); arrows report the ends with aria-disabled
 * (they stay focusable, so a keyboard user pressing "right" repeatedly never loses focus).
 * `resetKey`: when it changes the row jumps back to the start (e.g. a new search).
 */
export function ScrollCarousel({
  label,
  itemLabel,
  resetKey,
  children,
}: {
  /** Accessible name of the scrolling region, e.g. "Topics". */
  label: string;
  /** Used in the arrow names: "Scroll {itemLabel} left". */
  itemLabel: string;
  resetKey?: string;
  children: ReactNode;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const atStart = el.scrollLeft <= 1;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((prev) => (prev.atStart === atStart && prev.atEnd === atEnd ? prev : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    // Fires once on observe (the first measurement) and whenever the row or its content resizes.
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    if (listRef.current) observer.observe(listRef.current);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => {
    scrollerRef.current?.scrollTo({ left: 0, behavior: "auto" });
  }, [resetKey]);

  function scroll(direction: -1 | 1) {
    const el = scrollerRef.current;
    if (!el || !listRef.current || (direction < 0 ? edges.atStart : edges.atEnd)) return;
    const row = el.getBoundingClientRect();
    const cards = [...listRef.current.children].map((card) => {
      const box = card.getBoundingClientRect();
      return { left: box.left - row.left + el.scrollLeft, width: box.width };
    });
    const inset = parseFloat(getComputedStyle(el).paddingLeft) || 0;
    const left = wholeCardScrollTarget(cards, el.scrollLeft, el.clientWidth, inset, direction);
    el.scrollTo({ left, behavior: scrollBehavior() });
  }

  return (
    <div>
      <div className="mb-4 flex justify-end gap-2">
        <ArrowButton direction="left" label={`Scroll ${itemLabel} left`} disabled={edges.atStart} onClick={() => scroll(-1)} />
        <ArrowButton direction="right" label={`Scroll ${itemLabel} right`} disabled={edges.atEnd} onClick={() => scroll(1)} />
      </div>
      <div
        ref={scrollerRef}
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={measure}
        className="-mx-1 snap-x snap-mandatory scroll-px-1 overflow-x-auto overscroll-x-contain px-1 pt-1 pb-4 [scrollbar-width:thin]"
      >
        <ul ref={listRef} role="list" className="flex w-max gap-4 sm:gap-6 [&>li]:snap-start">
          {children}
        </ul>
      </div>
    </div>
  );
}

function ArrowButton({
  direction,
  label,
  disabled,
  onClick,
}: {
  direction: "left" | "right";
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-white"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {direction === "left" ? <path d="M15 18l-6-6 6-6" /> : <path d="M9 6l6 6-6 6" />}
      </svg>
    </button>
  );
}

/** A card of the public explorer, with where it leads (lib/platform/navigation/calls-to-action.ts). */
export type ExploreTopic = TopicCard & { href: string };

/** The public /explore row: every card is a link (a visitor's to sign-up, a learner's to the topic's courses). */
export function TopicCarousel({ topics }: { topics: ExploreTopic[] }) {
  return (
    <ScrollCarousel label="Topics" itemLabel="topics">
      {topics.map((topic) => (
        <li key={topic.id} className="flex w-64 shrink-0 sm:w-72">
          <ExploreCard topic={topic} emoji={<TopicIcon topicId={topic.id} />} />
        </li>
      ))}
    </ScrollCarousel>
  );
}

function ExploreCard({ topic, emoji }: { topic: ExploreTopic; emoji: ReactNode }) {
  const id = useId();
  return (
    <div className="group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <span data-testid="topic-emoji" aria-hidden="true" className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        {emoji}
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900 group-hover:text-brand-700">
        <Link href={topic.href} aria-describedby={`${id}-description`} className={stretchedLinkClasses}>
          {topic.title}
        </Link>
      </h3>
      <p id={`${id}-description`} className="mt-2 flex-1 text-sm whitespace-pre-line text-slate-600">
        {topic.description}
      </p>
      <span aria-hidden="true" className="mt-4 text-sm font-semibold text-brand-700">
        Start learning →
      </span>
    </div>
  );
}
