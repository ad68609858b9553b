/**
 * How long a deleted task waits for Undo before the purge removes it for good (issue 15). The
 * toast offers Undo for `UNDO_TOAST_MS`; the row itself stays restorable for `TRASH_KEPT_MS`,
 * so an Undo pressed late, or one whose request was slow, still finds the task.
 */
export const UNDO_TOAST_MS = 10_000;
export const TRASH_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Whether a task deleted at `deletedAt` is due for the purge at `now`. */
export const purgeDue = (deletedAt: number, now: number): boolean => now - deletedAt >= TRASH_KEPT_MS;
