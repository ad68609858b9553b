/**
 * Scheduled re-sync of a Jira import (issue 14): how often, when the next run is due, and which
 * issues it asks Jira for. A re-sync asks only for issues updated since the last finished run
 * started, with an overlap: JQL reads dates in the Jira user's own time zone (unknown here, at
 * most 14 h from UTC), and what the overlap brings back again is skipped by its `updated` stamp.
 */

export const SYNC_EVERY = ["off", "hourly", "daily"] as const;
export type SyncEvery = (typeof SYNC_EVERY)[number];

const HOUR = 3_600_000;
export const SYNC_INTERVAL_MS: Record<Exclude<SyncEvery, "off">, number> = { hourly: HOUR, daily: 24 * HOUR };

/** The overlap added before the last run's start: a day covers every time zone. */
export const SINCE_OVERLAP_MS = 24 * HOUR;

/** When a schedule set (or a run started) at `now` is next due. */
export function nextSyncAt(every: Exclude<SyncEvery, "off">, now: number): number {
  return now + SYNC_INTERVAL_MS[every];
}

/** The JQL clause for "changed since `lastStart`", as `yyyy-MM-dd HH:mm` (UTC, minus the overlap). */
export function updatedSinceClause(lastStart: number): string {
  const d = new Date(lastStart - SINCE_OVERLAP_MS).toISOString();
  return `updated >= "${d.slice(0, 10)} ${d.slice(11, 16)}"`;
}

/** The JQL of a run: the chosen projects, the user's filter, and for a re-sync what changed since. */
export function importJql(projects: readonly string[], filter?: string, since?: number): string {
  const clauses = [`project in (${projects.map((p) => `"${p}"`).join(", ")})`];
  if (filter?.trim()) clauses.push(`(${filter.trim()})`);
  if (since !== undefined) clauses.push(updatedSinceClause(since));
  return `${clauses.join(" AND ")} ORDER BY id`;
}
