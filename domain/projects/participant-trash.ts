/**
 * Undo of removing a participant (issue 15). The team page removes at once and offers Undo in a
 * toast for `UNDO_TOAST_MS`; the server keeps what it needs to put the person back for
 * `PARTICIPANT_RESTORE_MS`, so an Undo pressed at the toast's last moment, or one whose request
 * was slow, still lands. Not the task trash's 30 days: a removed person comes back with the
 * rights they had, without an invitation, so after the hour a root invites them again instead.
 */
export { UNDO_TOAST_MS } from "../planning/trash";

export const PARTICIPANT_RESTORE_MS = 60 * 60 * 1000;

/** Whether a participant removed at `removedAt` may still be restored at `now`. */
export const restorable = (removedAt: number, now: number): boolean => now - removedAt < PARTICIPANT_RESTORE_MS;
