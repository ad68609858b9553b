/** Fixed-window rate limits. Storage counts atomically; this decides what a count means. */

export interface RateLimitRule {
  /** How many attempts a window allows. */
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  /** Sign-in attempts per client IP address, counted before the body is read. */
  signInIp: { limit: 30, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins per e-mail address from all clients. Above the limit the address is "under
   * attack" and every client waits `SIGN_IN_CEILING` before each attempt; nobody is locked out.
   */
  signInEmail: { limit: 20, windowMs: 60 * 60_000 },
  /** Reset and quick-start requests per IP address. */
  mailIp: { limit: 10, windowMs: 60 * 60_000 },
  /** Reset and quick-start requests per e-mail address. */
  mailEmail: { limit: 5, windowMs: 60 * 60_000 },
  /** Invitation requests (each up to 50 addresses) per inviting user. */
  invites: { limit: 20, windowMs: 60 * 60_000 },
  /** Messages from the feedback dialog and the contact form per IP address (their own bucket, so
   * a chatty visitor never blocks a password reset from the same office). */
  feedbackIp: { limit: 10, windowMs: 60 * 60_000 },
  /** "Was this helpful" votes under help articles per IP address. */
  helpVoteIp: { limit: 30, windowMs: 60 * 60_000 },
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

/**
 * Exponential backoff after failures: `free` failures cost nothing, then each further attempt
 * waits `baseDelayMs · 2^(failures − free)`, at most `maxDelayMs`. A counter whose last attempt
 * is `forgetMs` old starts over.
 */
export interface BackoffRule {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

/**
 * Sign-in failures per (address, client): the stranger guessing from one client slows only
 * that client. Counted as `{windowStart: last attempt, count: failures}`; a success clears it.
 */
export const SIGN_IN_BACKOFF = {
  free: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetMs: 24 * 60 * 60_000,
} as const satisfies BackoffRule;

/**
 * A wait every client serves before each sign-in to an address that is above its failure
 * ceiling: the first attempt is refused with `Retry-After`, the attempt made between `waitMs`
 * and `waitMs + graceMs` later is let through. Each client holds its own ticket, so the owner
 * always gets in after `waitMs` however many strangers guess at once.
 */
export interface TicketRule {
  waitMs: number;
  graceMs: number;
}

export const SIGN_IN_CEILING = { waitMs: 30_000, graceMs: 10 * 60_000 } as const satisfies TicketRule;

export interface Decision {
  allowed: boolean;
  retryAfterSeconds: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** How long a client must wait after its last attempt, given the failures counted so far. */
export function backoffDelayMs(rule: BackoffRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (failures - rule.free));
}

/** Whether a new attempt is allowed after `counter`'s failures (none yet when null). */
export function decideBackoff(rule: BackoffRule, counter: Counter | null, now: number): Decision {
  if (!counter || now - counter.windowStart >= rule.forgetMs) return { allowed: true, retryAfterSeconds: 0 };
  const readyAt = counter.windowStart + backoffDelayMs(rule, counter.count);
  return now >= readyAt ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: seconds(readyAt - now) };
}

/** The counter after an allowed attempt, counted as a failure until it proves otherwise. */
export function nextBackoffCounter(rule: BackoffRule, counter: Counter | null, now: number): Counter {
  const fresh = !counter || now - counter.windowStart >= rule.forgetMs;
  return { windowStart: now, count: fresh ? 1 : counter.count + 1 };
}

/** True while a fixed-window counter that has not expired is above the rule's limit. */
export function overLimit(rule: RateLimitRule, counter: Counter | null, now: number): boolean {
  return !!counter && !windowExpired(rule, counter.windowStart, now) && counter.count > rule.limit;
}

/**
 * What a client's ticket (issued at `issuedAt`, or none) means now: `issue` a fresh one and
 * refuse, `wait` for the one held, or `pass` and spend it.
 */
export function decideTicket(
  rule: TicketRule,
  issuedAt: number | null,
  now: number,
): { action: "issue" | "wait"; retryAfterSeconds: number } | { action: "pass" } {
  const age = issuedAt === null ? Infinity : now - issuedAt;
  if (age < 0 || age > rule.waitMs + rule.graceMs) return { action: "issue", retryAfterSeconds: seconds(rule.waitMs) };
  if (age < rule.waitMs) return { action: "wait", retryAfterSeconds: seconds(rule.waitMs - age) };
  return { action: "pass" };
}
