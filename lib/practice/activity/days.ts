/*
 * A learner's days of learning, counted in their own time zone (the browser's), from the quarter
 * hours the server knows they read or took a quiz. Pure functions: the dashboard's streak card
 * runs them in the browser, the tests run them with any zone.
 */

/*
 * Temporal where the browser has it (Chrome 144+, Firefox 139+), Intl.DateTimeFormat elsewhere
 * (and in Node.js, where the tests run). Building the first DateTimeFormat loads the browser's
 * locale data: about 300 ms of a phone's main thread (measured under a 4x CPU slowdown), right
 * after the dashboard hydrates. Temporal reads the zone and converts instants without it.
 */
type ZonedDate = { toPlainDate(): { toString(): string } };
type TemporalApi = {
  Now: { timeZoneId(): string };
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(timeZone: string): ZonedDate } };
};
const temporal = (globalThis as { Temporal?: TemporalApi }).Temporal;

/** The browser's time zone (the learner's). */
export function currentTimeZone(): string {
  return temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/*
 * One formatter per zone: a formatter is costly to build and cheap to use. Kept only under the
 * zone's canonical name: on the server the name comes from a cookie, and Intl also accepts every
 * other spelling of it (europe/PARIS), which would otherwise grow this map without bound.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Throws a RangeError when `timeZone` is not a time zone Intl knows. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    if (format.resolvedOptions().timeZone === timeZone) dayFormats.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows `timeZone`, as days are counted in it. */
export function isTimeZone(timeZone: string): boolean {
  try {
    dayFormat(timeZone);
    return true;
  } catch {
    return false; // RangeError: not a time zone
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  if (temporal) return temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
  return dayFormat(timeZone).format(instant);
}

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export type WeekDay = { day: string; label: string; active: boolean; today: boolean };
export type LearningDays = { streak: number; activeToday: boolean; week: WeekDay[]; daysThisWeek: number };

const LABELS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/**
 * The streak (consecutive days with learning, ending today, or yesterday when today has none yet:
 * the streak is not lost before the day is over) and this week's days, Monday to Sunday.
 */
export function learningDays(activity: readonly (string | Date)[], now: Date, timeZone: string): LearningDays {
  const active = new Set(activity.map((at) => dayIn(new Date(at), timeZone)));
  const today = dayIn(now, timeZone);
  const activeToday = active.has(today);
  let streak = 0;
  for (let day = activeToday ? today : shiftDay(today, -1); active.has(day); day = shiftDay(day, -1)) streak++;

  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const monday = shiftDay(today, -weekday);
  const week = LABELS.map((label, i) => {
    const day = shiftDay(monday, i);
    return { day, label, active: active.has(day), today: day === today };
  });
  return { streak, activeToday, week, daysThisWeek: week.filter((d) => d.active).length };
}
