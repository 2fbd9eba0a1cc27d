import type { LearningDays } from "@/lib/practice/activity/days";
import { Icon } from "@/components/ui/icons";

/*
 * The streak and this week's days, drawn from days already counted in the learner's time zone: by
 * the server when it knows the zone (the time-zone cookie), by the browser otherwise
 * (learning-week.tsx). No "use client": it renders on either side.
 */

// Shared with the placeholder, so the card keeps its height when the real week replaces it. The
// message takes two lines on a phone whichever it is (the longest wraps there).
const STREAK = "text-lg font-semibold text-slate-900";
const MESSAGE = "mt-1 min-h-10 text-sm text-slate-700 sm:min-h-0";
const WEEK = "mt-4 grid max-w-sm grid-cols-7 gap-2";
const DAY = "flex flex-col items-center gap-1 text-xs text-slate-700";
const DAY_MARK = "flex size-8 items-center justify-center rounded-full border text-sm";

/** Until the browser's time zone is known: the same lines and seven empty days, nothing moves when they fill in. */
export function WeekPlaceholder() {
  return (
    <div aria-hidden="true" className="animate-pulse">
      <p className={STREAK}>&nbsp;</p>
      <p className={MESSAGE}>&nbsp;</p>
      <ol className={WEEK}>
        {Array.from({ length: 7 }, (_, i) => (
          <li key={i} className={DAY}>
            <span className={`${DAY_MARK} border-slate-200 bg-slate-100`} />
            <span>&nbsp;</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function WeekView({ days: { streak, activeToday, week, daysThisWeek } }: { days: LearningDays }) {
  return (
    <div>
      <p className={STREAK} data-testid="streak">
        {streak === 0 ? "No streak yet" : `${streak}-day streak`}
        {streak > 0 ? <Icon name="flame" className="ml-1 inline size-[1em] align-[-0.125em] text-orange-600" /> : null}
      </p>
      <p className={MESSAGE}>
        {streak === 0
          ? "Read a lesson or take a quiz today to start one."
          : activeToday
            ? "You learned today. Come back tomorrow to keep it going."
            : "Learn something today to keep your streak."}
      </p>
      <ol aria-label={`This week: ${daysThisWeek} of 7 days with learning`} className={WEEK}>
        {week.map((day) => (
          <li key={day.day} className={DAY}>
            <span
              aria-hidden="true"
              className={`${DAY_MARK} ${
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
