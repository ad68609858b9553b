import {
  type BackoffRule,
  type Counter,
  type Decision,
  decide,
  decideBackoff,
  decideTicket,
  nextBackoffCounter,
  overLimit,
  type RateLimitRule,
  type TicketRule,
} from "../../domain/rate-limit";

/**
 * Counts one attempt under `key` in D1 with a single atomic upsert (no read-then-write race
 * between isolates) and says whether it is allowed.
 */
export async function hitRateLimit(d1: D1Database, key: string, rule: RateLimitRule, now = Date.now()): Promise<Decision> {
  const row = await d1
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN ?2 - window_start >= ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN ?2 - window_start >= ?3 THEN ?2 ELSE window_start END
       RETURNING window_start AS windowStart, count`,
    )
    .bind(key, now, rule.windowMs)
    .first<Counter>();
  return decide(rule, row ?? { windowStart: now, count: 1 }, now);
}

async function readCounter(d1: D1Database, key: string): Promise<Counter | null> {
  return d1.prepare("SELECT window_start AS windowStart, count FROM rate_limits WHERE key = ?1").bind(key).first<Counter>();
}

/**
 * Replaces the counter `seen` under `key` by `next` only if nobody changed it meanwhile
 * (compare-and-set), so two concurrent attempts cannot both spend the same allowance.
 */
async function swapCounter(d1: D1Database, key: string, seen: Counter | null, next: Counter): Promise<boolean> {
  const result = seen
    ? await d1
        .prepare("UPDATE rate_limits SET window_start = ?1, count = ?2 WHERE key = ?3 AND window_start = ?4 AND count = ?5")
        .bind(next.windowStart, next.count, key, seen.windowStart, seen.count)
        .run()
    : await d1
        .prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, ?3) ON CONFLICT(key) DO NOTHING")
        .bind(key, next.windowStart, next.count)
        .run();
  return result.meta.changes === 1;
}

/** True while the fixed-window counter under `key` is above the rule's limit; counts nothing. */
export async function isOverLimit(d1: D1Database, key: string, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  return overLimit(rule, await readCounter(d1, key), now);
}

/**
 * Claims one attempt under a backoff rule: refused while the backoff runs, otherwise counted
 * as a failure at once (cleared by `clearRateLimit` on success), so a burst of parallel
 * guesses cannot slip through together.
 */
export async function claimBackoff(d1: D1Database, key: string, rule: BackoffRule, now = Date.now()): Promise<Decision> {
  const seen = await readCounter(d1, key);
  const decision = decideBackoff(rule, seen, now);
  if (!decision.allowed) return decision;
  return (await swapCounter(d1, key, seen, nextBackoffCounter(rule, seen, now))) ? decision : { allowed: false, retryAfterSeconds: 1 };
}

/**
 * Passes a client holding a ripe ticket under `key` (and spends it), or issues or keeps one
 * and says how long to wait.
 */
export async function claimTicket(d1: D1Database, key: string, rule: TicketRule, now = Date.now()): Promise<Decision> {
  const seen = await readCounter(d1, key);
  const verdict = decideTicket(rule, seen?.windowStart ?? null, now);
  if (verdict.action === "pass") {
    const spent = await d1.prepare("DELETE FROM rate_limits WHERE key = ?1 AND window_start = ?2").bind(key, seen!.windowStart).run();
    return spent.meta.changes === 1 ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: 1 };
  }
  if (verdict.action === "issue") await d1.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)").bind(key, now).run();
  return { allowed: false, retryAfterSeconds: verdict.retryAfterSeconds };
}

export async function clearRateLimit(d1: D1Database, key: string): Promise<void> {
  await d1.prepare("DELETE FROM rate_limits WHERE key = ?1").bind(key).run();
}
