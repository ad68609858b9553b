/** Tariffs, payments, licences and donations in D1 (issue 23). */
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { FREE_LICENSE, GRACE_MS, licenceExpiry, type LicencePhase, licencePhase, licenceStart, type Limits, type PaymentStatus, type Period, periodEnding, settle } from "../../../domain/billing/plans";
import { type Db, batchGuard, isBatchGuardFailure, runBatch } from "../../db/client";
import {
  autopay,
  billingCustomers,
  donations,
  licencePeriods,
  licences,
  paymentEvents,
  payments,
  renewalAttempts,
  tariffPrices,
  tariffs,
  users,
  type Payment,
  type Tariff,
  type TariffPrice,
} from "../../db/schema";
import type { Env } from "../../env";
import { pushToUser } from "../hub";
import { newGuid } from "../ids";
import { limitsFor, limitsOf } from "../plan-limits";
import { sendLicenceNotice } from "./licence-notices";
import type { PaymentProvider, ProviderEvent } from "./providers";

export interface PriceView {
  guid: string;
  period: Period;
  currency: string;
  amount: number;
}

export interface TariffView {
  guid: string;
  slug: string;
  name: string;
  custom: boolean;
  limits: Limits;
  prices: PriceView[];
}

const priceView = (p: TariffPrice): PriceView => ({ guid: p.id, period: p.period, currency: p.currency, amount: p.amount });

function tariffView(t: Tariff, prices: TariffPrice[]): TariffView {
  return { guid: t.id, slug: t.slug, name: t.name, custom: t.customerId !== null, limits: limitsOf(t), prices: prices.filter((p) => p.tariffId === t.id && p.active).map(priceView) };
}

/** The public plans with their active prices, cheapest first. */
export async function listTariffs(db: Db): Promise<TariffView[]> {
  const [rows, prices] = await Promise.all([
    db.select().from(tariffs).where(isNull(tariffs.customerId)).orderBy(asc(tariffs.sort)),
    db.select().from(tariffPrices).innerJoin(tariffs, eq(tariffs.id, tariffPrices.tariffId)).where(isNull(tariffs.customerId)),
  ]);
  return rows.map((t) => tariffView(t, prices.map((p) => p.tariff_prices)));
}

/** A plan by guid as `userId` may see it: public ones, and custom ones offered to them. */
export async function findTariff(db: Db, tariffId: string, userId: string | null): Promise<TariffView | undefined> {
  const row = await db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.id, tariffId), userId ? or(isNull(tariffs.customerId), eq(tariffs.customerId, userId)) : isNull(tariffs.customerId)))
    .get();
  if (!row) return undefined;
  return tariffView(row, await db.select().from(tariffPrices).where(eq(tariffPrices.tariffId, row.id)));
}

/** An active price the user may buy (of a public plan or of a custom plan offered to them). */
export async function findPrice(db: Db, priceId: string, userId: string) {
  return db
    .select({ price: tariffPrices, tariff: tariffs })
    .from(tariffPrices)
    .innerJoin(tariffs, eq(tariffs.id, tariffPrices.tariffId))
    .where(and(eq(tariffPrices.id, priceId), eq(tariffPrices.active, true), or(isNull(tariffs.customerId), eq(tariffs.customerId, userId))))
    .get();
}

export interface PaymentView {
  guid: string;
  kind: Payment["kind"];
  status: PaymentStatus;
  amount: number;
  currency: string;
  period: string | null;
  provider: string;
  tariff: { guid: string; name: string; slug: string } | null;
  /** Where to pay while pending. */
  url: string | null;
  created_at: number;
  updated_at: number;
}

async function paymentViews(db: Db, where: ReturnType<typeof and>): Promise<PaymentView[]> {
  const rows = await db
    .select({ payment: payments, tariff: tariffs })
    .from(payments)
    .leftJoin(tariffPrices, eq(tariffPrices.id, payments.priceId))
    .leftJoin(tariffs, eq(tariffs.id, tariffPrices.tariffId))
    .where(where)
    .orderBy(desc(payments.createdAt))
    .limit(200);
  return rows.map(({ payment: p, tariff: t }) => ({
    guid: p.id,
    kind: p.kind,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    period: p.period,
    provider: p.provider,
    tariff: t ? { guid: t.id, name: t.name, slug: t.slug } : null,
    url: p.status === "pending" ? p.checkoutUrl : null,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  }));
}

/** The user's payments, newest first (pending ones too): their receipts. */
export const listPayments = (db: Db, userId: string) => paymentViews(db, and(eq(payments.userId, userId)));

/** One payment of the user; another user's is not found. */
export async function findPayment(db: Db, userId: string, paymentId: string): Promise<PaymentView | undefined> {
  return (await paymentViews(db, and(eq(payments.userId, userId), eq(payments.id, paymentId))))[0];
}

export type CheckoutResult = { ok: true; payment: PaymentView } | { ok: false; reason: "payment_provider_unavailable" };

/**
 * Opens a checkout for a payment row already written (pending): asks the provider where to pay
 * and records its answer. A provider that fails leaves the payment failed, nothing charged.
 */
async function openCheckout(
  db: Db,
  provider: PaymentProvider,
  payment: Payment,
  description: string,
  email: string,
  origin: string,
  saving: { saveForRenewal: boolean; customer: string | null } = { saveForRenewal: false, customer: null },
): Promise<CheckoutResult> {
  try {
    const checkout = await provider.createCheckout({
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      description,
      email,
      returnUrl: `${origin}/payment/${payment.id}`,
      ...saving,
    });
    await db.update(payments).set({ providerRef: checkout.providerRef, checkoutUrl: checkout.url, updatedAt: Date.now() }).where(eq(payments.id, payment.id));
  } catch (err) {
    console.error("payment provider failed", provider.name, err);
    await db.update(payments).set({ status: "failed", updatedAt: Date.now() }).where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    return { ok: false, reason: "payment_provider_unavailable" };
  }
  return { ok: true, payment: (await findPayment(db, payment.userId, payment.id))! };
}

/** Buys a plan's price: the payment exists (pending) before the provider is asked. */
export async function startPurchase(
  db: Db,
  provider: PaymentProvider,
  user: { id: string; email: string },
  found: { price: TariffPrice; tariff: Tariff },
  autopayWanted: boolean | undefined,
  origin: string,
): Promise<CheckoutResult> {
  const payment = await db
    .insert(payments)
    .values({ id: newGuid(), userId: user.id, kind: "licence", priceId: found.price.id, provider: provider.name, amount: found.price.amount, currency: found.price.currency, period: found.price.period })
    .returning()
    .get();
  if (autopayWanted !== undefined) await setAutopay(db, user.id, autopayWanted);
  const customer = await savedCustomer(db, user.id, provider.name);
  // Every licence checkout keeps the payment method: autopay may be switched on later.
  return openCheckout(db, provider, payment, `${found.tariff.name} (${found.price.period})`, user.email, origin, { saveForRenewal: true, customer: customer?.customerRef ?? null });
}

/** The user's customer at a provider, saved by an earlier licence checkout. */
export async function savedCustomer(db: Db, userId: string, provider: string) {
  return db.select({ customerRef: billingCustomers.customerRef, paymentMethodRef: billingCustomers.paymentMethodRef }).from(billingCustomers).where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider))).get();
}

/** A donation: its payment and the donation row in one batch, then the checkout. */
export async function startDonation(
  db: Db,
  provider: PaymentProvider,
  user: { id: string; email: string },
  donation: { amount: number; currency: string; recipient: string | null; message: string },
  origin: string,
): Promise<CheckoutResult> {
  const id = newGuid();
  const [[payment]] = await db.batch([
    db.insert(payments).values({ id, userId: user.id, kind: "donation", provider: provider.name, amount: donation.amount, currency: donation.currency }).returning(),
    db.insert(donations).values({ id: newGuid(), paymentId: id, donorId: user.id, recipientUserId: donation.recipient, message: donation.message }),
  ]);
  return openCheckout(db, provider, payment!, "Donation", user.email, origin);
}

/** Whether a user exists who can receive a donation. */
export async function donationRecipient(db: Db, userId: string) {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId)).get();
}

/** Donations for the site administrators, newest first. */
export async function listDonations(db: Db) {
  const recipients = alias(users, "recipients");
  const rows = await db
    .select({ donation: donations, payment: payments, donor: { name: users.name, email: users.email }, recipientName: recipients.name })
    .from(donations)
    .innerJoin(payments, eq(payments.id, donations.paymentId))
    .leftJoin(users, eq(users.id, donations.donorId))
    .leftJoin(recipients, eq(recipients.id, donations.recipientUserId))
    .orderBy(desc(donations.createdAt))
    .limit(500);
  return rows.map(({ donation, payment, donor, recipientName }) => ({
    guid: donation.id,
    payment: payment.id,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    recipient: donation.recipientUserId,
    recipient_name: recipientName,
    message: donation.message,
    donor: donor ? { name: donor.name, email: donor.email } : null,
    created_at: donation.createdAt,
  }));
}

export type DonationView = Awaited<ReturnType<typeof listDonations>>[number];

/** The autopay switch and the licence it renews. */
export async function autopayOf(db: Db, userId: string) {
  const [row, plan] = await Promise.all([db.select().from(autopay).where(eq(autopay.userId, userId)).get(), limitsFor(db, userId)]);
  return { active: row?.active ?? false, license: { type_license: plan.typeLicense, expires_at: plan.expiresAt }, next_renewal: row?.active ? plan.expiresAt : null };
}

export async function setAutopay(db: Db, userId: string, active: boolean) {
  await db
    .insert(autopay)
    .values({ userId, active, updatedAt: Date.now() })
    .onConflictDoUpdate({ target: autopay.userId, set: { active, updatedAt: Date.now() } });
}

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
        .set({ status: next, providerPaymentRef: event.providerPaymentRef ?? payment.providerPaymentRef, updatedAt: now })
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

/** The licence type in force, for pages. */
export async function licenceOf(db: Db, userId: string) {
  const plan = await limitsFor(db, userId);
  return { type_license: plan.typeLicense, expires_at: plan.expiresAt, free: plan.typeLicense === FREE_LICENSE };
}

/** A pending sandbox payment of this user, for its checkout page. */
export async function sandboxPayment(db: Db, userId: string, paymentId: string) {
  return db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.provider, "sandbox"))).get();
}

export interface LicencePeriodView {
  guid: string;
  plan: { slug: string; name: string };
  period: string;
  starts_at: number;
  ends_at: number;
  /** How the period was paid: a checkout the user went through, or autopay's renewal. */
  paid_by: "checkout" | "autopay";
  payment: { guid: string; amount: number; currency: string; provider: string; status: PaymentStatus } | null;
  /** `active` (paid time left), `grace` (ended unpaid, plan kept until `grace_until`) or `ended`. */
  state: LicencePhase;
  /** How it ended, once over: renewed, replaced (another plan), renewal_failed or expired (no autopay). */
  ended_by: "renewed" | "replaced" | "renewal_failed" | "expired" | null;
  grace_until: number | null;
}

/** The user's licence history, newest period first. */
export async function licenceHistory(db: Db, userId: string, now = Date.now()): Promise<LicencePeriodView[]> {
  const rows = await db
    .select({ period: licencePeriods, tariff: { slug: tariffs.slug, name: tariffs.name }, payment: { id: payments.id, amount: payments.amount, currency: payments.currency, provider: payments.provider, status: payments.status } })
    .from(licencePeriods)
    .innerJoin(tariffs, eq(tariffs.id, licencePeriods.tariffId))
    .leftJoin(payments, eq(payments.id, licencePeriods.paymentId))
    .where(eq(licencePeriods.userId, userId))
    .orderBy(desc(licencePeriods.startsAt), desc(licencePeriods.endsAt))
    .limit(200);
  return rows.map(({ period: p, tariff, payment }) => {
    const state: LicencePhase = p.endedBy ? "ended" : licencePhase(p.endsAt, now);
    return {
      guid: p.id,
      plan: tariff,
      period: p.period,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
      paid_by: p.paidBy,
      payment: payment ? { guid: payment.id, amount: payment.amount, currency: payment.currency, provider: payment.provider, status: payment.status } : null,
      state,
      ended_by: p.endedBy,
      grace_until: state === "grace" ? p.endsAt + GRACE_MS : null,
    };
  });
}
