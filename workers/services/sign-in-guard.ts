/**
 * Online-guessing defence for sign-in, built so that a stranger cannot lock a person out:
 * - per client IP, a fixed window counted before the body is read (floods from one client);
 * - per (address, client), exponential backoff after a few failures — the guesser slows only
 *   itself;
 * - per address, a failure ceiling; above it every client waits `SIGN_IN_CEILING.waitMs`
 *   before each attempt, so guessing from many clients is slowed while the owner, from any
 *   client, still gets in after that bounded wait.
 * The client is the platform's `CF-Connecting-IP` only. Without it (local dev, tests) there is
 * no per-IP window at all — one shared "unknown" bucket would let anyone lock everybody out —
 * and the per-(address, client) rule keys on the address alone.
 */
import { type Decision, RATE_LIMITS, SIGN_IN_BACKOFF, SIGN_IN_CEILING } from "../../domain/rate-limit";
import { claimBackoff, claimTicket, clearRateLimit, hitRateLimit, isOverLimit } from "./rate-limit";

/** An IPv4 or IPv6 literal as Cloudflare writes it; anything else is not a client we can key on. */
const IP_LITERAL = /^[0-9A-Fa-f:.]{2,45}$/;

/** The caller's address as the platform vouches for it, never a header the client could choose. */
export function trustedClientIp(headers: Headers): string | undefined {
  const ip = headers.get("CF-Connecting-IP")?.trim();
  return ip && IP_LITERAL.test(ip) ? ip : undefined;
}

const UNKNOWN_CLIENT = "unknown";
const keys = (email: string, ip: string | undefined) => ({
  pair: `signin:pair:${ip ?? UNKNOWN_CLIENT}:${email}`,
  wait: `signin:wait:${ip ?? UNKNOWN_CLIENT}:${email}`,
  address: `signin:email:${email}`,
});

/** Counts a sign-in request from a known client before anything else is done with it. */
export async function admitSignInClient(d1: D1Database, ip: string | undefined, now = Date.now()): Promise<Decision> {
  if (!ip) return { allowed: true, retryAfterSeconds: 0 };
  return hitRateLimit(d1, `signin:ip:${ip}`, RATE_LIMITS.signInIp, now);
}

/** Whether this client may try a password for `email` now; counts the try as a failure. */
export async function admitSignIn(d1: D1Database, email: string, ip: string | undefined, now = Date.now()): Promise<Decision> {
  const key = keys(email, ip);
  if (await isOverLimit(d1, key.address, RATE_LIMITS.signInEmail, now)) {
    const ticket = await claimTicket(d1, key.wait, SIGN_IN_CEILING, now);
    if (!ticket.allowed) return ticket;
  }
  return claimBackoff(d1, key.pair, SIGN_IN_BACKOFF, now);
}

/** Settles an admitted try: success clears this client's failures, a failure counts for the address. */
export async function recordSignIn(d1: D1Database, email: string, ip: string | undefined, ok: boolean, now = Date.now()) {
  const key = keys(email, ip);
  if (ok) await clearRateLimit(d1, key.pair);
  else await hitRateLimit(d1, key.address, RATE_LIMITS.signInEmail, now);
}
