import type { Language } from "../../../domain/i18n/languages";
import { formatLongDate } from "../../../domain/time/format";

/** One formatter per language: building an Intl.DateTimeFormat costs far more than using one. */
const formats = new Map<Language, Intl.DateTimeFormat>();

/** A post's date in its language; in UTC so the server's and the browser's renders agree. */
export function formatPostDate(ms: number, lng: Language): string {
<<<<<<< HEAD
  let format = formats.get(lng);
  if (!format) formats.set(lng, (format = new Intl.DateTimeFormat(lng, { dateStyle: "long", timeZone: "UTC" })));
  return format.format(ms);
=======
  return formatLongDate(ms, lng, "UTC");
>>>>>>> h/a11y
}
