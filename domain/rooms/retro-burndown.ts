/**
 * The burndown card of a retro's facts (issue 16): the sprint's remaining estimate per day,
 * reduced to what a small card shows. The line itself is the stats page's
 * (`domain/stats/burndown.ts`); this file only decides which part of it a retro looks back on.
 */
import { type BurndownInput, burndown } from "../stats/burndown";

export interface BurndownFact {
  /** Remaining estimate at the end of the sprint's first day. */
  start: number;
  /** Remaining estimate on the last day drawn (just before completion, for a completed sprint). */
  end: number;
  /** Where the ideal line ends: always zero. */
  ideal_end: 0;
  /** Remaining estimate per sprint day, first day on, up to the last day drawn. */
  series: number[];
  /**
   * How many days the sprint has (its x axis): more than `series` holds when it was completed
   * before its last day, so the ideal line still reaches zero on the planned end.
   */
  days: number;
}

export interface BurndownFactInput extends Omit<BurndownInput, "start" | "end"> {
  /** The sprint's first and last day ("YYYY-MM-DD"); without both there is no card. */
  start: string | null;
  end: string | null;
  /** When the sprint was completed (ms), null while it is not: the line stops just before. */
  completedAt: number | null;
}

/**
 * The burndown of the sprint as the retro shows it; null without dates or before its first
 * day. A completed sprint is drawn up to the moment before completion, so the work carried
 * over still counts as remaining at its end.
 */
export function burndownFact(input: BurndownFactInput): BurndownFact | null {
  const { start, end, completedAt, ...rest } = input;
  if (!start || !end) return null;
  const now = completedAt === null ? rest.now : Math.min(rest.now, completedAt - 1);
  const days = burndown({ ...rest, start, end, now });
  const series = days.flatMap((d) => (d.remaining_estimate === null ? [] : [d.remaining_estimate]));
  if (series.length === 0) return null;
  return { start: series[0]!, end: series.at(-1)!, ideal_end: 0, series, days: days.length };
}
