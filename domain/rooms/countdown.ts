/**
 * The shared countdown of a room as each browser draws it. The room keeps only the moment the
 * timer ends (`timerEndsAt`, ms since the epoch); every browser counts down to it locally, so
 * no tick ever crosses the network and all screens agree to within their clocks' difference.
 */

/** Lengths offered by the timer menu, in seconds. */
export const TIMER_CHOICES = [30, 60, 120, 300, 600] as const;

/**
 * Whole seconds left until `endsAt` at `now`, rounded up (so "0:01" shows until the very end),
 * never below zero; null when no timer runs.
 */
export function secondsLeft(endsAt: number | null | undefined, now: number): number | null {
  if (endsAt === null || endsAt === undefined || !Number.isFinite(endsAt)) return null;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** `m:ss` under an hour, `h:mm:ss` from an hour on; negative input reads as zero. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * How long to wait before the display next changes: until the next whole second boundary of
 * the remaining time, so a countdown redraws once per second in step with the end moment.
 */
export function msUntilNextTick(endsAt: number, now: number): number {
  const left = endsAt - now;
  if (left <= 0) return 0;
  const rest = left % 1000;
  return rest === 0 ? 1000 : rest;
}
