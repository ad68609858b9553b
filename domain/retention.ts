/**
 * How much of each ever-growing kind of row is kept (issue 20, "bounded growth"; the reasons
 * are in docs/decisions.md). Logs and inboxes are trimmed, oldest first, in the same batch or
 * transaction as the row that grows them; things people make on purpose (saved filters) are
 * refused above their ceiling instead, so nothing someone saved disappears behind their back.
 */

/** Periodic versions kept per document, newest first. */
export const AUTO_VERSIONS_KEPT = 50;
/** Named versions kept per document, newest first: kept longer than periodic ones. */
export const NAMED_VERSIONS_KEPT = 200;
/** Saved filters per project (everyone's together); one more is refused with 409. */
export const MAX_FILTERS_PER_PROJECT = 100;
/** Notifications kept per user, newest first. */
export const NOTIFICATIONS_KEPT = 500;
/**
 * Activity entries kept per project, newest first. The rows of one change share a timestamp
 * and are never split: the log may hold a few more than this, by at most one change's rows.
 */
export const ACTIVITY_KEPT = 10_000;
