import type { Language } from "../../../domain/i18n/languages";
import { formatLongDate } from "../../../domain/time/format";

/** A post's date in its language; in UTC so the server's and the browser's renders agree. */
export function formatPostDate(ms: number, lng: Language): string {
  return formatLongDate(ms, lng, "UTC");
}
