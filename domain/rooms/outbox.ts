/**
 * Rules of a room's outbox (issue 20): what the room must do outside itself (a retro action
 * item becoming a task) is written to the room's storage with the change that asked for it,
 * then delivered by the room's alarm until it succeeds, with growing pauses between attempts.
 * The alarm is shared with the poker timer: it is set to whichever comes first.
 */

/** First pause after a failed delivery; each further failure doubles it. */
export const OUTBOX_FIRST_RETRY_MS = 5_000;
/** The longest pause between two attempts. */
export const OUTBOX_MAX_RETRY_MS = 60 * 60 * 1000;
/**
 * Failed attempts after which an entry is given up (about a day with the pauses above); its
 * note may then be exported again. A refusal (no write access any more, no title) gives up at once.
 */
export const OUTBOX_MAX_ATTEMPTS = 30;
/** Entries delivered per alarm; the rest wait for the next one, set right away. */
export const OUTBOX_BATCH = 25;

/** When to try again after `attempts` failed attempts (1 = the first failed). */
export function retryAt(now: number, attempts: number): number {
  const pause = Math.min(OUTBOX_MAX_RETRY_MS, OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return now + pause;
}

/** The room's next alarm: the earliest of the timer and the outbox's next due entry, or none. */
export function nextAlarm(...times: (number | null | undefined)[]): number | null {
  const set = times.filter((t): t is number => typeof t === "number" && Number.isFinite(t));
  return set.length === 0 ? null : Math.min(...set);
}
