"use client";

import { useEffect, useSyncExternalStore } from "react";
import { WeekPlaceholder, WeekView } from "@/components/activity/learning-week-view";
import { currentTimeZone, learningDays } from "@/lib/practice/activity/days";
import { rememberTimeZone } from "@/lib/practice/activity/time-zone";

const noSubscription = () => () => {};

/**
 * The week counted in the browser, for a learner whose time zone the server does not know yet (a
 * first visit, or cookies cleared): a placeholder of the same size in the server's HTML, the week
 * after hydration, and the zone remembered so the next dashboard comes with it.
 */
export function LearningWeek({ activity }: { activity: string[] }) {
  const timeZone = useSyncExternalStore(noSubscription, currentTimeZone, () => null);
  useEffect(() => {
    if (timeZone) rememberTimeZone(timeZone);
  }, [timeZone]);
  if (!timeZone) return <WeekPlaceholder />;
  return <WeekView days={learningDays(activity, new Date(), timeZone)} />;
}
