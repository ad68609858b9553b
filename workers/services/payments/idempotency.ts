/**
 * Idempotency keys as Stripe promises them: the first answer for a key is stored and replayed
 * for 24 hours; the same key with another request is refused; a duplicate while the first is
 * still running is refused. The row inserted first is the lock: D1 runs writes one at a time, so
 * of N concurrent identical requests exactly one inserts it and talks to the provider.
 */
import { and, eq, lte } from "drizzle-orm";
import { IDEMPOTENCY_TTL_MS } from "../../../domain/billing/plans";
import type { Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";

export type Reservation =
  | { kind: "owner" }
  | { kind: "replay"; status: number; body: string }
  | { kind: "refused"; reason: "idempotency_key_reused" | "idempotency_in_flight" };

/** Takes the key for this request, or says why not (a stored answer to replay, or a refusal). */
export async function reserveKey(db: Db, userId: string, key: string, requestHash: string, now = Date.now()): Promise<Reservation> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, state: "in_flight", createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
      .get();
    if (inserted) return { kind: "owner" };
    const row = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))).get();
    if (!row) continue; // released meanwhile: try again
    if (row.createdAt <= now - IDEMPOTENCY_TTL_MS) {
      // Expired: forget it (only that very row, should another request have renewed it) and retry.
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), lte(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== requestHash) return { kind: "refused", reason: "idempotency_key_reused" };
    if (row.state === "in_flight" || row.status === null || row.body === null) return { kind: "refused", reason: "idempotency_in_flight" };
    return { kind: "replay", status: row.status, body: row.body };
  }
  return { kind: "refused", reason: "idempotency_in_flight" };
}

/** Stores the answer of the request that held the key. */
export async function completeKey(db: Db, userId: string, key: string, status: number, body: string): Promise<void> {
  await db.update(idempotencyKeys).set({ state: "done", status, body }).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Gives the key back when the request failed before anything was promised (the provider was down). */
export async function releaseKey(db: Db, userId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, "in_flight")));
}

/** Deletes keys past their replay window (the scheduled handler calls this). */
export async function purgeExpiredKeys(db: Db, now = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS));
}
