/**
 * Every date and time the workspace shows (spec §9, issue 15), in the reader's language through
 * `Intl`: relative times for recent events ("5 minutes ago"), a short numeric date for dense rows,
 * a medium date for lists and headings, a long date for prose, date-times and clock times.
 * Shared by server rendering and the browser so both print the same text (a mismatch would
 * break hydration): calendar days (`YYYY-MM-DD`) are read in UTC so no time zone moves the day.
 */
import { DEFAULT_LANGUAGE, type Language, toLanguage } from "../i18n/languages";

const MINUTE = 60_000;
/** Thresholds in minutes: below an hour count minutes, below a day hours, below 30 days days. */
const HOUR_MINUTES = 60;
const DAY_MINUTES = 1440;
const MONTH_MINUTES = 43200;

const OVER_A_MONTH: Record<Language, string> = {
  ru: "более месяца назад",
  en: "over a month ago",
  es: "hace más de un mes",
  de: "vor über einem Monat",
};

const NO_DATE: Record<Language, string> = {
  ru: "нет даты",
  en: "no date",
  es: "sin fecha",
  de: "kein Datum",
};

function lang(lng: string | undefined): Language {
  return toLanguage(lng) ?? DEFAULT_LANGUAGE;
}

function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * "5 minutes ago", "3 hours ago", "12 days ago", then "over a month ago". Times in the future
 * (clock skew between machines) read as "0 minutes ago" rather than as a prediction.
 */

/** Formatters by language and options: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lng: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lng} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(lng, options)));
  return format;
}

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();
function relativeFormat(l: Language): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(l);
  if (!format) relativeFormats.set(l, (format = new Intl.RelativeTimeFormat(l, { numeric: "always" })));
  return format;
}

export function formatRelativeTime(
  value: Date | string | number,
  now: Date | number = Date.now(),
  lng: string = DEFAULT_LANGUAGE,
): string {
  const l = lang(lng);
  const date = toDate(value);
  if (!date) return NO_DATE[l];
  const minutes = Math.max(0, Math.floor((Number(now) - date.getTime()) / MINUTE));
  const rtf = relativeFormat(l);
  if (minutes < HOUR_MINUTES) return rtf.format(-minutes, "minute");
  if (minutes < DAY_MINUTES) return rtf.format(-Math.floor(minutes / HOUR_MINUTES), "hour");
  if (minutes < MONTH_MINUTES) return rtf.format(-Math.floor(minutes / DAY_MINUTES), "day");
  return OVER_A_MONTH[l];
}

/** A `YYYY-MM-DD` calendar day (a field value, a sprint's start) is that day wherever the reader is. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The value as a Date, and the time zone that keeps its day: UTC for a bare calendar day. */
function toDay(value: Date | string | number | null | undefined, timeZone: string | undefined): { date: Date; timeZone: string | undefined } | undefined {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) {
    const date = toDate(`${value}T00:00:00Z`);
    return date && { date, timeZone: "UTC" };
  }
  const date = toDate(value);
  return date && { date, timeZone };
}

/**
 * The short numeric date of dense rows and cells: `dd.mm.yy` in every language, the spec's
 * constant (§9). "No date" in the reader's language when there is none.
 */
export function formatShortDate(
  value: Date | string | number | null | undefined,
  lng: string = DEFAULT_LANGUAGE,
  timeZone?: string,
): string {
  const l = lang(lng);
  const day = toDay(value, timeZone);
  if (!day) return NO_DATE[l];
  // The spec's constant (§9): dd.mm.yy in every language, as the original client showed it. A
  // calendar day (UTC) or a moment in the reader's own zone needs no formatter: the page's first
  // one loads the language's calendar data (issue 17), and a table or board line shows many.
  const own = day.timeZone === "UTC" ? utcParts(day.date) : day.timeZone === undefined ? localParts(day.date) : null;
  if (own && own.year >= 0 && own.year <= 9999) return `${pad(own.day)}.${pad(own.month)}.${pad(own.year % 100)}`;
  const parts = dateFormat("en-GB", { day: "2-digit", month: "2-digit", year: "2-digit", timeZone: day.timeZone }).formatToParts(day.date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}.${part("month")}.${part("year")}`;
}

const pad = (n: number) => String(n).padStart(2, "0");
const utcParts = (date: Date) => ({ day: date.getUTCDate(), month: date.getUTCMonth() + 1, year: date.getUTCFullYear() });
const localParts = (date: Date) => ({ day: date.getDate(), month: date.getMonth() + 1, year: date.getFullYear() });

type DateInput = Date | string | number | null | undefined;

/** A formatter of a calendar day (a `YYYY-MM-DD` is that day in every zone); "no date" when there is none. */
function dayFormatter(options: Intl.DateTimeFormatOptions) {
  return (value: DateInput, lng: string = DEFAULT_LANGUAGE, timeZone?: string): string => {
    const day = toDay(value, timeZone);
    return day ? dateFormat(lang(lng), { ...options, timeZone: day.timeZone }).format(day.date) : NO_DATE[lang(lng)];
  };
}

/** A formatter of a moment in the given zone; "no date" when there is none. */
function momentFormatter(options: Intl.DateTimeFormatOptions) {
  return (value: DateInput, lng: string = DEFAULT_LANGUAGE, timeZone?: string): string => {
    const date = toDate(value);
    return date ? dateFormat(lang(lng), { ...options, timeZone }).format(date) : NO_DATE[lang(lng)];
  };
}

/** The date of lists and headings: "Nov 22, 2026", "22.11.2026", "22 нояб. 2026 г.". */
export const formatDate = dayFormatter({ dateStyle: "medium" });

/** A day and month without the year, for axes and ranges inside one year: "Nov 22", "22. Nov.". */
export const formatDayMonth = dayFormatter({ day: "numeric", month: "short" });

/** Two calendar days as one range, sharing what they share: "Nov 3 – 17, 2026". */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined, lng: string = DEFAULT_LANGUAGE): string {
  const from = toDay(start, undefined);
  const to = toDay(end, undefined);
  if (from && to && from.date <= to.date) {
    return dateFormat(lang(lng), { dateStyle: "medium", timeZone: from.timeZone }).formatRange(from.date, to.date);
  }
  return from || to ? formatDate((from ? start : end)!, lng) : "";
}

/**
 * Date ranges the server already wrote for a page, in the page's language, by `dateRangeKey`.
 * The page hands them to the browser so that hydrating it builds no formatter: a page's first
 * `Intl.DateTimeFormat` loads the language's calendar data (17 ms on the planning board at full
 * CPU, a long task at a phone's; issue 17). Later renders in another language format their own.
 */
export interface WrittenRanges {
  lang: string;
  ranges: Record<string, string>;
}

export const dateRangeKey = (start: string | null | undefined, end: string | null | undefined) => `${start ?? ""}|${end ?? ""}`;

/** The ranges of these (start, end) pairs, as `formatDateRange` writes them in `lng`. */
export function writeDateRanges(pairs: Iterable<readonly [string | null | undefined, string | null | undefined]>, lng: string): WrittenRanges {
  const ranges: Record<string, string> = {};
  for (const [start, end] of pairs) if (start || end) ranges[dateRangeKey(start, end)] = formatDateRange(start, end, lng);
  return { lang: lng, ranges };
}

/** The range as the server wrote it, when it wrote this one in this language; else formatted here. */
export function writtenDateRange(written: WrittenRanges | undefined, start: string | null | undefined, end: string | null | undefined, lng: string): string {
  const known = written?.lang === lng ? written.ranges[dateRangeKey(start, end)] : undefined;
  return known ?? formatDateRange(start, end, lng);
}

/** A moment with its clock time: "Nov 22, 2026, 3:05 PM". */
export const formatDateTime = momentFormatter({ dateStyle: "medium", timeStyle: "short" });

/** The clock time alone: "3:05 PM", "15:05". */
export const formatTime = momentFormatter({ hour: "2-digit", minute: "2-digit" });

/** A long date in the language's own style ("22 ноября 2026 г.", "November 22, 2026"). */
export const formatLongDate = dayFormatter({ day: "numeric", month: "long", year: "numeric" });
