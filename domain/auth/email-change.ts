/**
 * Changing the address of an account. The change waits until the link mailed to the new address
 * is followed by the same signed-in user, so typing someone else's address gains nothing.
 */
import type { RateLimitRule } from "../rate-limit";

/** How long the link mailed to the new address stays valid. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

/**
 * Requests that can answer `email_taken` (and so reveal that an address has an account) are
 * limited at least as tightly as sign-in attempts: per client IP and per account asking.
 */
export const EMAIL_CHECK_LIMITS = {
  ip: { limit: 10, windowMs: 15 * 60_000 },
  user: { limit: 5, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;
