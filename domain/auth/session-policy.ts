/**
 * When a session ends: absolutely after SESSION_TTL_MS, and earlier after a stretch of
 * inactivity (SESSION_IDLE_DAYS, 14 days by default). Last use is written back at most once per
 * LAST_SEEN_REFRESH_MS, so a busy session costs one D1 write an hour, not one per request.
 */

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
export const SESSION_IDLE_DEFAULT_DAYS = 14;
export const LAST_SEEN_REFRESH_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The idle timeout from the SESSION_IDLE_DAYS variable (fractions allowed). A missing or
 * unusable value falls back to the default rather than to "never".
 */
export function idleTimeoutMs(value: string | undefined): number {
  const days = value === undefined || value.trim() === "" ? Number.NaN : Number(value);
  return Number.isFinite(days) && days > 0 ? days * DAY_MS : SESSION_IDLE_DEFAULT_DAYS * DAY_MS;
}

export interface SessionTimes {
  createdAt: number;
  expiresAt: number;
  /** Null for sessions started before last use was recorded: their start counts instead. */
  lastSeenAt: number | null;
}

/**
 * `expired`: refuse the session. `touch`: valid, and last use is stale enough to write back.
 * `valid`: valid, nothing to write.
 */
export function sessionStatus(session: SessionTimes, now: number, idleMs: number): "expired" | "touch" | "valid" {
  const lastSeen = session.lastSeenAt ?? session.createdAt;
  if (now >= session.expiresAt || now - lastSeen >= idleMs) return "expired";
  return now - lastSeen >= LAST_SEEN_REFRESH_MS ? "touch" : "valid";
}
