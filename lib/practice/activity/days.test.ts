import { describe, expect, it } from "vitest";
import { dayIn, isTimeZone, learningDays } from "./days";

// Wednesday 2026-11-18, 10:00 UTC.
const NOW = new Date("2026-11-18T10:00:00Z");

describe("learningDays", () => {
  it("counts consecutive days up to today, and this week's days from Monday", () => {
    const activity = ["2026-11-18T09:00:00Z", "2026-11-17T20:00:00Z", "2026-11-16T08:15:00Z", "2026-11-14T08:00:00Z"];
    const days = learningDays(activity, NOW, "UTC");
    expect(days.streak).toBe(3);
    expect(days.activeToday).toBe(true);
    expect(days.week.map((d) => d.label)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(days.week.filter((d) => d.active).map((d) => d.day)).toEqual(["2026-11-16", "2026-11-17", "2026-11-18"]);
    expect(days.week.find((d) => d.today)?.day).toBe("2026-11-18");
    expect(days.daysThisWeek).toBe(3);
  });

  it("keeps yesterday's streak while today has no activity yet, and is 0 after a missed day", () => {
    expect(learningDays(["2026-11-17T09:00:00Z", "2026-11-16T09:00:00Z"], NOW, "UTC")).toMatchObject({ streak: 2, activeToday: false });
    expect(learningDays(["2026-11-16T09:00:00Z"], NOW, "UTC").streak).toBe(0);
    expect(learningDays([], NOW, "UTC")).toMatchObject({ streak: 0, daysThisWeek: 0 });
  });

  it("counts days in the learner's time zone, not the server's", () => {
    // 23:30 UTC on the 17th is already the 18th in Auckland (UTC+13) and still the 17th in New York.
    const lateEvening = "2026-11-17T23:30:00Z";
    expect(dayIn(new Date(lateEvening), "Pacific/Auckland")).toBe("2026-11-18");
    expect(dayIn(new Date(lateEvening), "America/New_York")).toBe("2026-11-17");
    expect(learningDays([lateEvening], NOW, "Pacific/Auckland")).toMatchObject({ streak: 1, activeToday: true });
    expect(learningDays([lateEvening], NOW, "UTC")).toMatchObject({ streak: 1, activeToday: false });
  });

  it("counts the same days whichever spelling of a zone Intl accepts, again and again", () => {
    const lateEvening = new Date("2026-11-17T23:30:00Z");
    for (let i = 0; i < 2; i++) {
      expect(dayIn(lateEvening, "pacific/AUCKLAND")).toBe("2026-11-18");
      expect(dayIn(lateEvening, "America/Argentina/Buenos_Aires")).toBe("2026-11-17");
    }
    expect(isTimeZone("pacific/AUCKLAND")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });

  it("starts the week on Monday when today is Sunday", () => {
    const sunday = new Date("2026-11-22T12:00:00Z");
    const days = learningDays(["2026-11-16T12:00:00Z"], sunday, "UTC");
    expect(days.week[0]).toMatchObject({ day: "2026-11-16", active: true });
    expect(days.week[6]).toMatchObject({ day: "2026-11-22", today: true });
  });
});
