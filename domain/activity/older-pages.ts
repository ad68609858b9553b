/**
 * The activity list's older pages ("Load more") kept beside the first page the loader reads
 * (`app/routes/project-events.tsx`). The first page is read again after others' changes; the
 * older pages are read once, each from where the list ended.
 */

/** The older pages shown so far: their rows, where the next one starts, the names they need. */
export interface OlderPages<Row, Naming> {
  rows: Row[];
  next: number | null;
  naming: Naming | null;
}

/**
 * A first page read again has others' new rows at its top and ends that many rows sooner. Once
 * older pages are shown or asked for (`waiting`), the rows it no longer holds go before them:
 * the older pages start where the earlier first page ended, so those rows would be in no page at
 * all. With neither, the next "Load more" starts from the new first page, and nothing is kept.
 * Answers `older` itself when nothing changes.
 */
export function keepPushedOut<Row extends { guid: string }, Naming>(
  older: OlderPages<Row, Naming>,
  before: { rows: readonly Row[]; next: number | null; naming: Naming },
  now: readonly Row[],
  waiting: boolean,
  merge: (a: Naming, b: Naming) => Naming,
): OlderPages<Row, Naming> {
  if (older.rows.length === 0 && !waiting) return older;
  const still = new Set(now.map((row) => row.guid));
  const pushed = before.rows.filter((row) => !still.has(row.guid));
  if (pushed.length === 0) return older;
  return {
    rows: [...pushed, ...older.rows],
    // Asked for but not here yet: the page on its way starts where the earlier first page ended.
    next: older.rows.length === 0 ? before.next : older.next,
    naming: older.naming ? merge(before.naming, older.naming) : before.naming,
  };
}
