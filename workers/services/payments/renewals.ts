/**
 * The scheduled side of licences (cron trigger, `scheduled` in workers/app.ts): renew licences
 * with autopay shortly before they end, and bring an expired licence's account back to Free
 * (its tabs hear `update_license_user`). Idempotency keys past their window are purged too.
 * Every step takes `now`, so tests drive it with a fake clock.
 */
import { and, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import { FREE_LICENSE } from "../../../domain/billing/plans";
import type { Db } from "../../db/client";
import { autopay, licences, payments, tariffPrices, tariffs, users } from "../../db/schema";
import type { Env } from "../../env";
import { pushToUser } from "../hub";
import { newGuid } from "../ids";
import { purgeExpiredKeys } from "./idempotency";
import { applyNotification } from "./payments";
import { providerFor } from "./providers";

/** Renewal is attempted this long before a licence ends, and retried daily until it does. */
export const RENEW_BEFORE_MS = 3 * 24 * 60 * 60 * 1000;

export interface ScheduleReport {
  renewed: number;
  failed: number;
  expired: number;
}

/**
 * Renews one licence through the provider. The sandbox's saved test card always pays; Stripe
 * needs a saved payment method (off-session PaymentIntent), which checkout does not keep yet,
 * so a Stripe renewal is recorded as failed and the user buys again from /price.
 */
async function renew(env: Env, db: Db, row: { userId: string; priceId: string }, now: number): Promise<boolean> {
  const found = await db.select({ price: tariffPrices, tariff: tariffs }).from(tariffPrices).innerJoin(tariffs, eq(tariffs.id, tariffPrices.tariffId)).where(and(eq(tariffPrices.id, row.priceId), eq(tariffPrices.active, true))).get();
  const provider = providerFor(env, env.APP_ORIGIN ?? "http://localhost");
  if (!found || !provider) return false;
  const id = newGuid();
  await db.insert(payments).values({ id, userId: row.userId, kind: "licence", priceId: found.price.id, provider: provider.name, amount: found.price.amount, currency: found.price.currency, period: found.price.period, createdAt: now, updatedAt: now });
  const status = provider.name === "sandbox" ? "paid" : "failed";
  await applyNotification(env, db, provider.name, { id: `renewal_${id}`, type: `renewal.${status}`, paymentId: id, providerRef: null, providerPaymentRef: null, status }, now);
  return status === "paid";
}

export async function runBillingSchedule(env: Env, db: Db, now = Date.now()): Promise<ScheduleReport> {
  await purgeExpiredKeys(db, now);
  const report: ScheduleReport = { renewed: 0, failed: 0, expired: 0 };
  // Due: autopay on, ending within the window, and no renewal tried in the last day.
  const due = await db
    .select({ userId: licences.userId, priceId: licences.priceId })
    .from(licences)
    .innerJoin(autopay, and(eq(autopay.userId, licences.userId), eq(autopay.active, true)))
    .where(
      and(
        gt(licences.expiresAt, now),
        lte(licences.expiresAt, now + RENEW_BEFORE_MS),
        sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.userId} = ${licences.userId} AND ${payments.kind} = 'licence' AND ${payments.createdAt} > ${now - 24 * 60 * 60 * 1000})`,
      ),
    );
  for (const row of due) {
    if (!row.priceId) continue;
    if (await renew(env, db, { userId: row.userId, priceId: row.priceId }, now)) report.renewed += 1;
    else report.failed += 1;
  }
  // Ended: the account reads Free again, and its open tabs are told.
  const ended = await db
    .select({ userId: licences.userId })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(and(lte(licences.expiresAt, now), ne(users.licenseType, FREE_LICENSE)));
  if (ended.length > 0) {
    const ids = ended.map((e) => e.userId).slice(0, 90);
    await db.update(users).set({ licenseType: FREE_LICENSE }).where(inArray(users.id, ids));
    for (const userId of ids) await pushToUser(env, userId, { type: "update_license_user", license: { type_license: FREE_LICENSE } });
    report.expired = ids.length;
  }
  return report;
}
