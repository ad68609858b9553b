import { describe, expect, it, vi } from "vitest";
import { dateRangeKey, formatDate, formatDateRange, formatDateTime, formatDayMonth, formatLongDate, formatRelativeTime, formatShortDate, formatTime, writeDateRanges, writtenDateRange } from "./format";

const now = new Date(2026, 5, 15, 12, 0, 0);
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("formatRelativeTime", () => {
  // Exact strings as Intl.RelativeTimeFormat prints them (full ICU in Node 22).
  it.each<[number, string, string]>([
    [0, "0 минут назад", "0 minutes ago"],
    [1, "1 минуту назад", "1 minute ago"],
    [2, "2 минуты назад", "2 minutes ago"],
    [5, "5 минут назад", "5 minutes ago"],
    [21, "21 минуту назад", "21 minutes ago"],
    [59, "59 минут назад", "59 minutes ago"],
    [60, "1 час назад", "1 hour ago"],
    [120, "2 часа назад", "2 hours ago"],
    [1439, "23 часа назад", "23 hours ago"],
    [1440, "1 день назад", "1 day ago"],
    [43199, "29 дней назад", "29 days ago"],
    [43200, "более месяца назад", "over a month ago"],
    [100_000, "более месяца назад", "over a month ago"],
  ])("words %i minutes ago as %s and %s", (minutes, ru, en) => {
    expect(formatRelativeTime(minutesAgo(minutes), now, "ru")).toBe(ru);
    expect(formatRelativeTime(minutesAgo(minutes), now, "en")).toBe(en);
  });

  it("counts whole minutes, so 59 minutes and 59 seconds is still 59 minutes", () => {
    const value = new Date(now.getTime() - (59 * 60 + 59) * 1000);
    expect(formatRelativeTime(value, now, "en")).toBe("59 minutes ago");
  });

  it("reads a time in the future as 0 minutes ago", () => {
    const future = new Date(now.getTime() + 5 * 60_000);
    expect(formatRelativeTime(future, now, "ru")).toBe("0 минут назад");
    expect(formatRelativeTime(future, now, "en")).toBe("0 minutes ago");
  });

  it("speaks Russian by default", () => {
    expect(formatRelativeTime(minutesAgo(5), now)).toBe("5 минут назад");
  });

  it("falls back to Russian for an unsupported language", () => {
    expect(formatRelativeTime(minutesAgo(5), now, "fr")).toBe("5 минут назад");
  });

  it("accepts a regional tag", () => {
    expect(formatRelativeTime(minutesAgo(5), now, "en-US")).toBe("5 minutes ago");
  });

  it("accepts ISO strings and timestamps", () => {
    expect(formatRelativeTime(minutesAgo(3).toISOString(), now, "en")).toBe("3 minutes ago");
    expect(formatRelativeTime(minutesAgo(3).getTime(), now.getTime(), "en")).toBe("3 minutes ago");
  });

  it("says there is no date for an unparseable value", () => {
    expect(formatRelativeTime("not a date", now, "ru")).toBe("нет даты");
    expect(formatRelativeTime("not a date", now, "en")).toBe("no date");
  });
});

describe("formatShortDate", () => {
  it("prints dd.mm.yy with leading zeros", () => {
    expect(formatShortDate(new Date(2026, 0, 5))).toBe("05.01.26");
  });

  it("prints two-digit days and months as they are", () => {
    expect(formatShortDate(new Date(2026, 10, 22))).toBe("22.11.26");
  });

  it("pads a year in the first decade of a century", () => {
    expect(formatShortDate(new Date(2009, 11, 31))).toBe("31.12.09");
  });

  it("accepts a timestamp", () => {
    expect(formatShortDate(new Date(2026, 2, 9, 23, 59).getTime())).toBe("09.03.26");
  });

  it("writes dd.mm.yy in every language (the spec's constant)", () => {
    const day = new Date(2026, 0, 5);
    for (const lng of ["ru", "de", "es", "en"]) expect(formatShortDate(day, lng)).toBe("05.01.26");
  });

  it("keeps a calendar day on its day in every time zone", () => {
    expect(formatShortDate("2026-11-17", "ru", "Pacific/Honolulu")).toBe("17.11.26");
    expect(formatShortDate("2026-11-17", "ru", "Asia/Tokyo")).toBe("17.11.26");
  });

  it("writes what Intl's en-GB two-digit format writes, without building one, for calendar days and local moments", () => {
    const intl = (date: Date, timeZone?: string) => {
      const parts = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "2-digit", timeZone }).formatToParts(date);
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      return `${part("day")}.${part("month")}.${part("year")}`;
    };
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2031, 0, 1); t += 86_400_000 * 3 + 3_600_000 * 7) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(formatShortDate(day)).toBe(intl(new Date(`${day}T00:00:00Z`), "UTC"));
      expect(formatShortDate(t)).toBe(intl(new Date(t)));
    }
  });

  it("asks Intl only for a moment in another time zone", () => {
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    formatShortDate("2026-11-17", "en");
    formatShortDate(Date.UTC(2026, 10, 17, 12), "en");
    expect(parts).not.toHaveBeenCalled();
    expect(formatShortDate(Date.UTC(2026, 10, 17, 12), "en", "Pacific/Kiritimati")).toBe("18.11.26");
    expect(parts).toHaveBeenCalledTimes(1);
    parts.mockRestore();
  });

  it.each([null, undefined, "", "not a date", new Date(Number.NaN)])("says there is no date for %s", (value) => {
    expect(formatShortDate(value)).toBe("нет даты");
    expect(formatShortDate(value, "en")).toBe("no date");
  });
});

describe("formatLongDate", () => {
  const date = new Date(Date.UTC(2026, 10, 22, 12));

  it("writes the date in Russian by default", () => {
    expect(formatLongDate(date, undefined, "UTC")).toBe("22 ноября 2026 г.");
  });

  it("writes the date in English", () => {
    expect(formatLongDate(date, "en", "UTC")).toBe("November 22, 2026");
  });

  it("uses the given time zone to pick the day", () => {
    const lateEvening = new Date(Date.UTC(2026, 10, 22, 23, 30));
    expect(formatLongDate(lateEvening, "en", "UTC")).toBe("November 22, 2026");
    expect(formatLongDate(lateEvening, "en", "Asia/Tokyo")).toBe("November 23, 2026");
  });

  it("says there is no date for a missing or invalid value", () => {
    expect(formatLongDate(null)).toBe("нет даты");
    expect(formatLongDate(undefined, "en")).toBe("no date");
    expect(formatLongDate("nonsense", "en", "UTC")).toBe("no date");
  });
});

describe("formatDate and its kin", () => {
  const moment = new Date(Date.UTC(2026, 10, 22, 15, 5));

  it("writes a medium date in each language", () => {
    expect(formatDate("2026-11-22", "en")).toBe("Nov 22, 2026");
    expect(formatDate("2026-11-22", "de")).toBe("22.11.2026");
    expect(formatDate("2026-11-22", "ru")).toBe("22 нояб. 2026 г.");
    expect(formatDate(null, "en")).toBe("no date");
  });

  it("writes a day and month without the year", () => {
    expect(formatDayMonth("2026-11-22", "en")).toBe("Nov 22");
    expect(formatDayMonth(moment, "ru", "UTC")).toBe("22 нояб.");
  });

  it("writes a range once, sharing the month and year", () => {
    expect(formatDateRange("2026-11-03", "2026-11-17", "en")).toBe("Nov 3\u2009–\u200917, 2026");
    expect(formatDateRange("2026-11-03", null, "en")).toBe("Nov 3, 2026");
    expect(formatDateRange(null, null, "en")).toBe("");
  });

  it("writes a page's ranges once on the server; the browser reuses them in that language and formats any other", () => {
    const written = writeDateRanges([["2026-11-03", "2026-11-17"], [null, null], ["2026-12-01", null]], "en");
    expect(written).toEqual({ lang: "en", ranges: { [dateRangeKey("2026-11-03", "2026-11-17")]: "Nov 3\u2009–\u200917, 2026", [dateRangeKey("2026-12-01", null)]: "Dec 1, 2026" } });
    // What the server wrote is taken as it is (no formatter is built for it)...
    const marked = { lang: "en", ranges: { [dateRangeKey("2026-11-03", "2026-11-17")]: "as written" } };
    expect(writtenDateRange(marked, "2026-11-03", "2026-11-17", "en")).toBe("as written");
    // ...unless the reader's language or the dates are not the ones it was written for.
    expect(writtenDateRange(marked, "2026-11-03", "2026-11-17", "de")).toBe(formatDateRange("2026-11-03", "2026-11-17", "de"));
    expect(writtenDateRange(marked, "2026-11-03", "2026-11-18", "en")).toBe("Nov 3\u2009–\u200918, 2026");
    expect(writtenDateRange(undefined, "2026-11-03", null, "en")).toBe("Nov 3, 2026");
  });

  it("writes a moment with its clock time in the given time zone", () => {
    expect(formatDateTime(moment, "en", "UTC")).toBe("Nov 22, 2026, 3:05 PM");
    expect(formatDateTime(moment, "de", "UTC")).toBe("22.11.2026, 15:05");
    expect(formatTime(moment, "ru", "UTC")).toBe("15:05");
  });
});
