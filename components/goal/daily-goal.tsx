import Link from "next/link";
import { getDb } from "@/db/client";
import { ProgressBar } from "@/components/ui/progress-bar";
import { logger } from "@/lib/platform/log/logger";
import { loadDailyGoal } from "@/lib/practice/reminders/settings";

/**
 * The dashboard's daily goal: today's lessons or review cards toward the learner's goal, the day
 * counted in their own time zone (docs/product-rules.md, "Daily goal and reminders"). Nothing
 * without a goal: an empty box would stand between the learner and their next step.
 */
export async function DailyGoal({ userId, className = "mt-8" }: { userId: number; className?: string }) {
  let goal: Awaited<ReturnType<typeof loadDailyGoal>>;
  try {
    goal = await loadDailyGoal(getDb(), userId, new Date());
  } catch (error) {
    // Motivation, not a must: the dashboard's courses matter more than a failed count.
    logger().error({ err: error }, "dashboard: could not load the daily goal");
    return null;
  }
  if (!goal) return null;
  const unit = goal.kind === "lessons" ? (goal.goal === 1 ? "lesson" : "lessons") : goal.goal === 1 ? "review card" : "review cards";
  const met = goal.done >= goal.goal;
  return (
    <section aria-labelledby="daily-goal-heading" className={`${className} rounded-2xl border border-slate-200 bg-white p-5 shadow-sm`}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="daily-goal-heading" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          Today&apos;s goal
        </h2>
        <Link href="/dashboard/my-account#daily-goal" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:text-brand-800">
          Change<span className="sr-only"> your daily goal</span>
        </Link>
      </div>
      <p data-testid="daily-goal" className="text-slate-700">
        <span className="text-2xl font-bold text-slate-900">{Math.min(goal.done, goal.goal)}</span> of {goal.goal} {unit}
        {met ? <span className="ml-2 font-semibold text-green-800">· Goal met</span> : null}
      </p>
      <ProgressBar value={(Math.min(goal.done, goal.goal) / goal.goal) * 100} label="Today's goal" className="mt-3" />
    </section>
  );
}
