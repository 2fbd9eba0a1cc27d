import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { LearningWeek } from "@/components/activity/learning-week";
import { WeekView } from "@/components/activity/learning-week-view";
import { TimeZoneCheck } from "@/components/activity/time-zone-check";
import { learningDays } from "@/lib/practice/activity/days";
import { learningInstants } from "@/lib/practice/activity/history";
import { knownTimeZone, TIME_ZONE_COOKIE } from "@/lib/practice/activity/time-zone";
import { logger } from "@/lib/platform/log/logger";

/** The dashboard's streak card: days with reading or a quiz, this week's at a glance. */
// One read per request, however many places ask (the dashboard asks once per placement).
const loadActivity = cache((userId: number) => learningInstants(getDb(), userId));

/**
 * `show`: render only after some learning ("filled") or only before any ("empty"), so the
 * dashboard can put an empty week below its courses. It is always rendered somewhere: a first
 * visit's week is where the browser remembers its time zone.
 */
export async function LearningStreak({ userId, show, className = "mt-8" }: { userId: number; show?: "filled" | "empty"; className?: string }) {
  let activity: string[];
  try {
    activity = await loadActivity(userId);
  } catch (error) {
    // Motivation, not a must: the dashboard's courses matter more than a failed count.
    if (show !== "empty") logger().error({ err: error }, "dashboard: could not load learning activity");
    return null;
  }
  if ((show === "filled" && !activity.length) || (show === "empty" && activity.length)) return null;
  const timeZone = knownTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value);
  return (
    <section aria-labelledby="streak-heading" className={`${className} rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6`}>
      <h2 id="streak-heading" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        Your learning this week
      </h2>
      <div className="mt-2">
        {timeZone ? (
          <>
            <WeekView days={learningDays(activity, new Date(), timeZone)} />
            <TimeZoneCheck remembered={timeZone} />
          </>
        ) : (
          <LearningWeek activity={activity} />
        )}
      </div>
    </section>
  );
}
