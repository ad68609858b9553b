/**
 * The scheduled side of licences (cron trigger, `scheduled` in workers/app.ts), on Stripe
 * Billing's model of renewal and dunning:
 * - autopay charges the saved payment method off-session from `RENEW_BEFORE_MS` before a licence
 *   ends, and retries a failure once per `RENEWAL_RETRY_MS` until its grace period is over;
 * - a licence that ends unpaid (renewal failed, or no autopay) keeps its plan for `GRACE_MS`,
 *   with warning mails and notices (`licence-notices.ts`), then the account is Free again and
 *   its tabs hear `update_license_user`.
 * Idempotency keys past their window are purged too. Every step takes `now`, so tests drive it
 * with a fake clock; every step may run twice, or twice at once, and still charges and mails once.
 */
import { and, count, desc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { FREE_LICENSE, GRACE_MS, GRACE_WARNING_MS, RENEW_BEFORE_MS, RENEWAL_RETRY_MS, renewalKey } from "../../../domain/billing/plans";
import type { Db } from "../../db/client";
import { autopay, billingCustomers, licencePeriods, licences, payments, renewalAttempts, tariffPrices, tariffs, users } from "../../db/schema";
import type { Env } from "../../env";
import { pushToUser } from "../hub";
import { newGuid } from "../ids";
import { purgeExpiredKeys } from "./idempotency";
import { sendLicenceNotice } from "./licence-notices";
import { applyNotification } from "./notifications";
import { savedCustomer } from "./payments";
import { providerFor } from "./providers";

export { RENEW_BEFORE_MS };

export interface ScheduleReport {
  renewed: number;
  failed: number;
  /** Attempts whose outcome the provider has not told yet (retried with the same key). */
  pending: number;
  /** Renewals waiting for the payer to authenticate them (3-D Secure); they were asked by mail. */
  action: number;
  /** Licences that entered their grace period on this run. */
  grace: number;
  expired: number;
}

type Due = { userId: string; priceId: string; typeLicense: string; periodEnd: number };
type Outcome = "paid" | "failed" | "pending" | "action_required" | "skipped";

/**
 * Claims the next attempt at renewing `row`'s period: a new payment and attempt row in one
 * batch (the attempt's primary key makes a concurrent run lose), or — when the last attempt's
 * outcome is still unknown — that same attempt again, so its idempotency key is reused. An
 * attempt waiting for the payer's authentication is theirs to finish: nothing is tried meanwhile.
 */
async function claimAttempt(db: Db, row: Due, price: { id: string; amount: number; currency: string; period: string }, provider: string, now: number) {
  const last = await db
    .select({ attempt: renewalAttempts.attempt, paymentId: renewalAttempts.paymentId, createdAt: renewalAttempts.createdAt, status: payments.status, awaiting: payments.awaitingAuthentication })
    .from(renewalAttempts)
    .innerJoin(payments, eq(payments.id, renewalAttempts.paymentId))
    .where(and(eq(renewalAttempts.userId, row.userId), eq(renewalAttempts.periodEnd, row.periodEnd)))
    .orderBy(desc(renewalAttempts.attempt))
    .get();
  if (last?.status === "paid" || (last?.status === "pending" && last.awaiting)) return null;
  if (last?.status === "pending") {
    const taken = await db
      .update(renewalAttempts)
      .set({ createdAt: now })
      .where(and(eq(renewalAttempts.userId, row.userId), eq(renewalAttempts.periodEnd, row.periodEnd), eq(renewalAttempts.attempt, last.attempt), eq(renewalAttempts.createdAt, last.createdAt)))
      .returning({ attempt: renewalAttempts.attempt });
    return taken.length === 1 ? { attempt: last.attempt, paymentId: last.paymentId } : null;
  }
  const attempt = last ? last.attempt + 1 : 0;
  const paymentId = newGuid();
  try {
    await db.batch([
      db.insert(payments).values({ id: paymentId, userId: row.userId, kind: "licence", priceId: price.id, provider, amount: price.amount, currency: price.currency, period: price.period, createdAt: now, updatedAt: now }),
      db.insert(renewalAttempts).values({ userId: row.userId, periodEnd: row.periodEnd, attempt, paymentId, createdAt: now }),
    ]);
  } catch (err) {
    if (String(err).includes("UNIQUE") || String((err as Error).cause ?? "").includes("UNIQUE")) return null; // another run claimed it
    throw err;
  }
  return { attempt, paymentId };
}

/** Renews one licence period through the provider with the saved payment method. */
async function renew(env: Env, db: Db, row: Due, now: number): Promise<Outcome> {
  const found = await db.select({ price: tariffPrices, tariff: tariffs }).from(tariffPrices).innerJoin(tariffs, eq(tariffs.id, tariffPrices.tariffId)).where(and(eq(tariffPrices.id, row.priceId), eq(tariffPrices.active, true))).get();
  const provider = providerFor(env, env.APP_ORIGIN ?? "http://localhost");
  if (!found || !provider) {
    console.error("renewal impossible: no active price or no payment provider", row.userId);
    await sendLicenceNotice(env, db, row.userId, "renewal_failed", { typeLicense: row.typeLicense, periodEnd: row.periodEnd }, now);
    return "failed";
  }
  const claimed = await claimAttempt(db, row, found.price, provider.name, now);
  if (!claimed) return "skipped";
  const customer = await savedCustomer(db, row.userId, provider.name);
  const outcome = await provider.renew({
    paymentId: claimed.paymentId,
    amount: found.price.amount,
    currency: found.price.currency,
    description: `${found.tariff.name} (${found.price.period})`,
    customer: customer ?? null,
    idempotencyKey: renewalKey(row.userId, row.periodEnd, claimed.attempt),
  });
  if (outcome.providerPaymentRef) await db.update(payments).set({ providerPaymentRef: outcome.providerPaymentRef }).where(eq(payments.id, claimed.paymentId));
  if (outcome.status === "pending") return "pending";
  if (outcome.status === "action_required") {
    // Not a decline: the payment waits for the payer, who gets a link to complete it.
    await db.update(payments).set({ awaitingAuthentication: true, updatedAt: now }).where(and(eq(payments.id, claimed.paymentId), eq(payments.status, "pending")));
    await sendLicenceNotice(env, db, row.userId, "renewal_action_required", { typeLicense: row.typeLicense, periodEnd: row.periodEnd, paymentId: claimed.paymentId, amount: { amount: found.price.amount, currency: found.price.currency } }, now);
    return "action_required";
  }
  if (outcome.status === "failed") console.warn("renewal declined", row.userId, outcome.reason);
  // The charge's result is applied as the provider's own notification would be (one event per attempt).
  await applyNotification(
    env,
    db,
    provider.name,
    { id: `renewal_${claimed.paymentId}`, type: `renewal.${outcome.status}`, paymentId: claimed.paymentId, providerRef: null, providerPaymentRef: outcome.providerPaymentRef, status: outcome.status },
    now,
  );
  if (outcome.status === "paid" && outcome.paymentMethodRef && customer && customer.paymentMethodRef !== outcome.paymentMethodRef) {
    // The method found among the customer's saved ones is charged directly next time.
    await db
      .update(billingCustomers)
      .set({ paymentMethodRef: outcome.paymentMethodRef, updatedAt: now })
      .where(and(eq(billingCustomers.userId, row.userId), eq(billingCustomers.provider, provider.name), eq(billingCustomers.customerRef, customer.customerRef)));
  }
  if (outcome.status === "failed") await sendLicenceNotice(env, db, row.userId, "renewal_failed", { typeLicense: row.typeLicense, periodEnd: row.periodEnd }, now);
  return outcome.status;
}

export async function runBillingSchedule(env: Env, db: Db, now = Date.now()): Promise<ScheduleReport> {
  await purgeExpiredKeys(db, now);
  const report: ScheduleReport = { renewed: 0, failed: 0, pending: 0, action: 0, grace: 0, expired: 0 };
  // Due: autopay on, on a paid plan, from shortly before the end until the grace period is over,
  // and no try in the last retry interval.
  const due = await db
    .select({ userId: licences.userId, priceId: licences.priceId, typeLicense: licences.typeLicense, periodEnd: licences.expiresAt })
    .from(licences)
    .innerJoin(autopay, and(eq(autopay.userId, licences.userId), eq(autopay.active, true)))
    .innerJoin(users, eq(users.id, licences.userId))
    .where(
      and(
        ne(users.licenseType, FREE_LICENSE),
        gt(licences.expiresAt, now - GRACE_MS),
        lte(licences.expiresAt, now + RENEW_BEFORE_MS),
        sql`NOT EXISTS (SELECT 1 FROM ${renewalAttempts} WHERE ${renewalAttempts.userId} = ${licences.userId} AND ${renewalAttempts.createdAt} > ${now - RENEWAL_RETRY_MS})`,
      ),
    );
  for (const row of due) {
    if (!row.priceId) continue;
    const outcome = await renew(env, db, { ...row, priceId: row.priceId }, now);
    if (outcome === "paid") report.renewed += 1;
    else if (outcome === "failed") report.failed += 1;
    else if (outcome === "pending") report.pending += 1;
    else if (outcome === "action_required") report.action += 1;
  }
  // In grace: the plan stays; the user is warned when it begins and again near its end.
  const inGrace = await db
    .select({ userId: licences.userId, typeLicense: licences.typeLicense, periodEnd: licences.expiresAt })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(and(lte(licences.expiresAt, now), gt(licences.expiresAt, now - GRACE_MS), ne(users.licenseType, FREE_LICENSE)));
  for (const row of inGrace) {
    if (await sendLicenceNotice(env, db, row.userId, "grace_started", row, now)) report.grace += 1;
    if (now >= row.periodEnd + GRACE_MS - GRACE_WARNING_MS) await sendLicenceNotice(env, db, row.userId, "grace_ending", row, now);
  }
  // Over: the account reads Free again, the history says how the period ended, and its open tabs are told.
  const ended = await db
    .select({ userId: licences.userId, typeLicense: licences.typeLicense, periodEnd: licences.expiresAt })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(and(lte(licences.expiresAt, now - GRACE_MS), ne(users.licenseType, FREE_LICENSE)))
    .limit(90);
  if (ended.length > 0) {
    await db.update(users).set({ licenseType: FREE_LICENSE }).where(inArray(users.id, ended.map((e) => e.userId)));
    for (const row of ended) {
      const tried = await db.select({ n: count() }).from(renewalAttempts).where(and(eq(renewalAttempts.userId, row.userId), eq(renewalAttempts.periodEnd, row.periodEnd))).get();
      const failedRenewal = (tried?.n ?? 0) > 0;
      await db
        .update(licencePeriods)
        .set({ endedBy: failedRenewal ? "renewal_failed" : "expired" })
        .where(and(eq(licencePeriods.userId, row.userId), isNull(licencePeriods.endedBy)));
      await pushToUser(env, row.userId, { type: "update_license_user", license: { type_license: FREE_LICENSE } });
      await sendLicenceNotice(env, db, row.userId, "downgraded", row, now);
    }
    report.expired = ended.length;
  }
  return report;
}
