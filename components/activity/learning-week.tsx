"use client";

import { useSyncExternalStore } from "react";
import { learningDays } from "@/lib/activity/days";

const noSubscription = () => () => {};

/**
 * The streak and this week's days, counted in the browser's time zone (the learner's), so it is
 * worked out after hydration; the server's HTML holds a placeholder of the same size.
 */
export function LearningWeek({ activity }: { activity: string[] }) {
  const timeZone = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
  if (!timeZone) return <div aria-hidden="true" className="h-[5.5rem] animate-pulse rounded-xl bg-slate-100" />;

  const { streak, activeToday, week, daysThisWeek } = learningDays(activity, new Date(), timeZone);
  return (
    <div>
      <p className="text-lg font-semibold text-slate-900" data-testid="streak">
        {streak === 0 ? "No streak yet" : `${streak}-day streak`}
        <span aria-hidden="true">{streak > 0 ? " 🔥" : ""}</span>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {streak === 0
          ? "Read a lesson or take a quiz today to start one."
          : activeToday
            ? "You learned today. Come back tomorrow to keep it going."
            : "Learn something today to keep your streak."}
      </p>
      <ol aria-label={`This week: ${daysThisWeek} of 7 days with learning`} className="mt-4 grid max-w-sm grid-cols-7 gap-2">
        {week.map((day) => (
          <li key={day.day} className="flex flex-col items-center gap-1 text-xs text-slate-700">
            <span
              aria-hidden="true"
              className={`flex size-8 items-center justify-center rounded-full border text-sm ${
                day.active ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-transparent"
              } ${day.today ? "ring-2 ring-brand-600 ring-offset-2" : ""}`}
            >
              ✓
            </span>
            <span className={day.today ? "font-semibold text-slate-900" : undefined}>{day.label}</span>
            <span className="sr-only">{day.active ? "learned" : "no learning"}{day.today ? ", today" : ""}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
