/**
 * Date and time wording of spec §9, shared by server rendering and the browser so both print
 * the same text (a mismatch would break hydration).
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
export function formatRelativeTime(
  value: Date | string | number,
  now: Date | number = Date.now(),
  lng: string = DEFAULT_LANGUAGE,
): string {
  const l = lang(lng);
  const date = toDate(value);
  if (!date) return NO_DATE[l];
  const minutes = Math.max(0, Math.floor((Number(now) - date.getTime()) / MINUTE));
  const rtf = new Intl.RelativeTimeFormat(l, { numeric: "always" });
  if (minutes < HOUR_MINUTES) return rtf.format(-minutes, "minute");
  if (minutes < DAY_MINUTES) return rtf.format(-Math.floor(minutes / HOUR_MINUTES), "hour");
  if (minutes < MONTH_MINUTES) return rtf.format(-Math.floor(minutes / DAY_MINUTES), "day");
  return OVER_A_MONTH[l];
}

/** `dd.mm.yy` in the viewer's local time zone, or "no date" in the given language. */
export function formatShortDate(
  value: Date | string | number | null | undefined,
  lng: string = DEFAULT_LANGUAGE,
): string {
  const date = toDate(value);
  if (!date) return NO_DATE[lang(lng)];
  const dd = String(date.getDate()).padStart(2, "0");
  const mm = String(date.getMonth() + 1).padStart(2, "0");
  const yy = String(date.getFullYear() % 100).padStart(2, "0");
  return `${dd}.${mm}.${yy}`;
}

/** A long date in the language's own style ("22 ноября 2026 г.", "November 22, 2026"). */
export function formatLongDate(
  value: Date | string | number | null | undefined,
  lng: string = DEFAULT_LANGUAGE,
  timeZone?: string,
): string {
  const l = lang(lng);
  const date = toDate(value);
  if (!date) return NO_DATE[l];
  return new Intl.DateTimeFormat(l, { day: "numeric", month: "long", year: "numeric", timeZone }).format(date);
}
