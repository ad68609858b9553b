import { type Counter, type RateLimitRule, decide } from "../../domain/rate-limit";

/**
 * Counts one attempt under `key` in D1 with a single atomic upsert (no read-then-write race
 * between isolates) and says whether it is allowed.
 */
export async function hitRateLimit(
  d1: D1Database,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
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
