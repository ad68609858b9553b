/** Fixed-window rate limits. Storage counts atomically; this decides what a count means. */

export interface RateLimitRule {
  /** How many attempts a window allows. */
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  /** Sign-in attempts per IP address. */
  signInIp: { limit: 30, windowMs: 15 * 60_000 },
  /** Sign-in attempts per e-mail address, whatever the source. */
  signInEmail: { limit: 10, windowMs: 15 * 60_000 },
  /** Reset and quick-start requests per IP address. */
  mailIp: { limit: 10, windowMs: 60 * 60_000 },
  /** Reset and quick-start requests per e-mail address. */
  mailEmail: { limit: 5, windowMs: 60 * 60_000 },
  /** Invitation requests (each up to 50 addresses) per inviting user. */
  invites: { limit: 20, windowMs: 60 * 60_000 },
  /** Guests joining rooms by link per IP address (a team of guests behind one office NAT fits). */
  roomGuestIp: { limit: 60, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export interface Counter {
  windowStart: number;
  count: number;
}

/** True when a counter from `windowStart` has expired at `now` and must start over. */
export function windowExpired(rule: RateLimitRule, windowStart: number, now: number): boolean {
  return now - windowStart >= rule.windowMs;
}

/** Whether the attempt that brought the counter to `count` is allowed, and when to retry. */
export function decide(rule: RateLimitRule, counter: Counter, now: number): { allowed: boolean; retryAfterSeconds: number } {
  return {
    allowed: counter.count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((counter.windowStart + rule.windowMs - now) / 1000)),
  };
}
