/**
 * Provider notifications applied to payments and licences (issue 23): once per event id, as a
 * compare-and-swap on the payment's status and the licence's expiry.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { licenceExpiry, licenceStart, type PaymentStatus, periodEnding, settle } from "../../../domain/billing/plans";
import { type Db, batchGuard, isBatchGuardFailure, runBatch } from "../../db/client";
import { billingCustomers, licencePeriods, licences, paymentEvents, payments, renewalAttempts, tariffPrices, tariffs, users, type Payment } from "../../db/schema";
import type { Env } from "../../env";
import { pushToUser } from "../hub";
import { newGuid } from "../ids";
import { sendLicenceNotice } from "./licence-notices";
import type { ProviderEvent } from "./providers";

export type NotificationResult = { ok: true; duplicate: boolean; status: PaymentStatus | null };

/** The payment an event is about: by our guid, else by the provider's references. */
async function paymentOfEvent(db: Db, provider: string, event: ProviderEvent): Promise<Payment | undefined> {
  if (event.paymentId) {
    const byId = await db.select().from(payments).where(and(eq(payments.id, event.paymentId), eq(payments.provider, provider))).get();
    if (byId) return byId;
  }
  if (event.providerRef) {
    const byRef = await db.select().from(payments).where(and(eq(payments.providerRef, event.providerRef), eq(payments.provider, provider))).get();
    if (byRef) return byRef;
  }
  if (event.providerPaymentRef) return db.select().from(payments).where(and(eq(payments.providerPaymentRef, event.providerPaymentRef), eq(payments.provider, provider))).get();
  return undefined;
}

/**
 * Applies a verified provider notification, once per event id, in one batch: the event's row,
 * the payment's new status (guarded by the status it was read with) and, when a licence payment
 * becomes paid, the licence. A late or out-of-order report never downgrades (`settle`). On paid,
 * the user's tabs hear `update_license_user`.
 */
export async function applyNotification(env: Env, db: Db, provider: string, event: ProviderEvent, now = Date.now()): Promise<NotificationResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const seen = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.id))).get();
    if (seen) return { ok: true, duplicate: true, status: null };
    const payment = await paymentOfEvent(db, provider, event);
    const next = payment && event.status ? settle(payment.status, event.status) : null;
    const record = db.insert(paymentEvents).values({ provider, eventId: event.id, type: event.type, paymentId: payment?.id ?? null, receivedAt: now });
    if (!payment || !next) {
      try {
        await record;
      } catch {
        return { ok: true, duplicate: true, status: null };
      }
      return { ok: true, duplicate: false, status: payment?.status ?? null };
    }
    const writes: BatchItem<"sqlite">[] = [
      record,
      db
        .update(payments)
        .set({ status: next, providerPaymentRef: event.providerPaymentRef ?? payment.providerPaymentRef, awaitingAuthentication: false, updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status))),
      // Compare-and-swap: the status it was read with must still be there.
      batchGuard(db, sql`changes() = 1`),
    ];
    let granted: string | null = null;
    let renewal: { periodEnd: number; expiresAt: number } | null = null;
    if (next === "paid" && payment.kind === "licence" && event.customer) {
      // The first checkout saved a customer (and its card) for autopay; a later one may replace it.
      const saved = { customerRef: event.customer, paymentMethodRef: null, updatedAt: now };
      writes.push(db.insert(billingCustomers).values({ userId: payment.userId, provider, ...saved }).onConflictDoUpdate({ target: [billingCustomers.userId, billingCustomers.provider], set: saved }));
    }
    if (next === "paid" && payment.kind === "licence" && payment.priceId) {
      const found = await db.select({ price: tariffPrices, tariff: tariffs }).from(tariffPrices).innerJoin(tariffs, eq(tariffs.id, tariffPrices.tariffId)).where(eq(tariffPrices.id, payment.priceId)).get();
      if (found) {
        const current = await db.select().from(licences).where(eq(licences.userId, payment.userId)).get();
        const expiresAt = licenceExpiry(current ?? null, found.tariff.slug, found.price.period, now);
        const values = { tariffId: found.tariff.id, typeLicense: found.tariff.slug, priceId: found.price.id, expiresAt, updatedAt: now };
        const unchanged = current
          ? sql`EXISTS (SELECT 1 FROM ${licences} WHERE ${licences.userId} = ${payment.userId} AND ${licences.expiresAt} = ${current.expiresAt})`
          : sql`NOT EXISTS (SELECT 1 FROM ${licences} WHERE ${licences.userId} = ${payment.userId})`;
        const startsAt = licenceStart(current ?? null, found.tariff.slug, now);
        const attempt = await db.select({ periodEnd: renewalAttempts.periodEnd }).from(renewalAttempts).where(eq(renewalAttempts.paymentId, payment.id)).get();
        writes.push(
          batchGuard(db, unchanged),
          db.insert(licences).values({ userId: payment.userId, ...values }).onConflictDoUpdate({ target: licences.userId, set: values }),
          db.update(users).set({ licenseType: found.tariff.slug }).where(eq(users.id, payment.userId)),
          // The history: the open period ends (renewed, or replaced by another plan from now) and this one begins.
          db
            .update(licencePeriods)
            .set({ endedBy: current ? periodEnding(current, { typeLicense: found.tariff.slug }) : "replaced", endsAt: sql`MIN(${licencePeriods.endsAt}, ${startsAt})` })
            .where(and(eq(licencePeriods.userId, payment.userId), isNull(licencePeriods.endedBy))),
          db.insert(licencePeriods).values({
            id: newGuid(),
            userId: payment.userId,
            tariffId: found.tariff.id,
            typeLicense: found.tariff.slug,
            period: found.price.period,
            paymentId: payment.id,
            paidBy: attempt ? "autopay" : "checkout",
            startsAt,
            endsAt: expiresAt,
          }),
        );
        granted = found.tariff.slug;
        if (attempt) renewal = { periodEnd: attempt.periodEnd, expiresAt };
      }
    }
    try {
      await runBatch(db, writes);
    } catch (err) {
      if (isBatchGuardFailure(err)) continue; // the payment or licence changed meanwhile: read again
      // The event's primary key: a concurrent delivery of the same event won.
      if (String(err).includes("UNIQUE") || String((err as Error).cause ?? "").includes("UNIQUE")) return { ok: true, duplicate: true, status: null };
      throw err;
    }
    if (granted) await pushToUser(env, payment.userId, { type: "update_license_user", license: { type_license: granted }, price_license: { type_license: granted } });
    if (granted && renewal) {
      await sendLicenceNotice(env, db, payment.userId, "renewed", { typeLicense: granted, periodEnd: renewal.periodEnd, renewedUntil: renewal.expiresAt, amount: { amount: payment.amount, currency: payment.currency } }, now);
    }
    return { ok: true, duplicate: false, status: next };
  }
  throw new Error(`payment notification ${event.id} kept conflicting`);
}
