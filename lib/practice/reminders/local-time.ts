import { dayIn, shiftDay } from "../activity/days";

/*
 * Wall-clock time in a learner's time zone, for the daily goal's day and the reminder's hour
 * (docs/product-rules.md, "Daily goal and reminders"). Pure: the reminder pass and its tests run
 * it with any clock. PostgreSQL is never asked to convert: its zone names and Intl's need not
 * agree, and Intl is what the browser offered the learner.
 */

export { dayIn, shiftDay };

const DAY_MS = 24 * 60 * 60_000;

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    if (format.resolvedOptions().timeZone === timeZone) wallFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock at `instant` in `timeZone`, read as if it were UTC (so differences are offsets). */
function wallAsUtc(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(wallFormat(timeZone).formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The hour (0-23) of the wall clock at `instant` in `timeZone`. */
export function localHour(instant: Date, timeZone: string): number {
  return new Date(wallAsUtc(instant, timeZone)).getUTCHours();
}

/**
 * The instant at which the wall clock in `timeZone` shows `hour`:00 on `day` (YYYY-MM-DD). An hour
 * that a daylight-saving change skips comes out as the first instant after the gap; an hour that
 * happens twice, as its first time.
 */
export function instantAt(day: string, hour: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  const offsetAt = (t: number) => wallAsUtc(new Date(t), timeZone) - Math.floor(t / 1000) * 1000;
  // The zone's offsets a day either side: a day holds at most one change, so one of them is right.
  const candidates = [wall - offsetAt(wall - DAY_MS), wall - offsetAt(wall + DAY_MS)];
  const exact = candidates.filter((t) => wallAsUtc(new Date(t), timeZone) === wall);
  return new Date(exact.length ? Math.min(...exact) : Math.max(...candidates));
}

/** When the learner's day that holds `instant` began, and when the day before it began. */
export function dayStarts(instant: Date, timeZone: string): { today: string; todayStart: Date; yesterdayStart: Date } {
  const today = dayIn(instant, timeZone);
  return { today, todayStart: instantAt(today, 0, timeZone), yesterdayStart: instantAt(shiftDay(today, -1), 0, timeZone) };
}
