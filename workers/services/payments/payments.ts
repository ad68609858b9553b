/** Payments in D1 (issue 23): receipts, opening a checkout, buying a plan, autopay and the licence in force. */
import { and, desc, eq, lt, or } from "drizzle-orm";
import { BILLING_PAGE_DEFAULT, billingCursor, FREE_LICENSE, type PaymentStatus } from "../../../domain/billing/plans";
import type { BillingPageQuery } from "../../../domain/billing/schemas";
import type { Db } from "../../db/client";
import { autopay, billingCustomers, payments, tariffPrices, tariffs, type Payment, type Tariff, type TariffPrice } from "../../db/schema";
import { newGuid } from "../ids";
import { limitsFor } from "../plan-limits";
import type { PaymentProvider } from "./providers";

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
  /** `authenticate`: the provider holds this pending payment until the payer completes 3-D Secure. */
  action: "authenticate" | null;
  created_at: number;
  updated_at: number;
}

async function paymentViews(db: Db, where: ReturnType<typeof and>, limit = 1): Promise<PaymentView[]> {
  const rows = await db
    .select({ payment: payments, tariff: tariffs })
    .from(payments)
    .leftJoin(tariffPrices, eq(tariffPrices.id, payments.priceId))
    .leftJoin(tariffs, eq(tariffs.id, tariffPrices.tariffId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
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
    action: p.status === "pending" && p.awaitingAuthentication ? "authenticate" : null,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  }));
}

/** The user's payments, newest first (pending ones too): their receipts. */
export async function listPayments(db: Db, userId: string, page: BillingPageQuery = { limit: BILLING_PAGE_DEFAULT }): Promise<Page<PaymentView>> {
  const after = page.cursor ? or(lt(payments.createdAt, page.cursor.at), and(eq(payments.createdAt, page.cursor.at), lt(payments.id, page.cursor.id))) : undefined;
  const rows = await paymentViews(db, and(eq(payments.userId, userId), after), page.limit + 1);
  return pageOf(rows, page.limit, (p) => ({ at: p.created_at, id: p.guid }));
}

/** One page of a list, newest first: `next` is the cursor of the following page, null on the last. */
export interface Page<T> {
  results: T[];
  next: string | null;
}

/** Cuts `rows` (read with one more than `limit`) to a page and its cursor. */
export function pageOf<T>(rows: T[], limit: number, key: (row: T) => { at: number; id: string }): Page<T> {
  const results = rows.slice(0, limit);
  return { results, next: rows.length > limit ? billingCursor(key(results.at(-1)!)) : null };
}

/** One payment of the user; another user's is not found. */
export async function findPayment(db: Db, userId: string, paymentId: string): Promise<PaymentView | undefined> {
  return (await paymentViews(db, and(eq(payments.userId, userId), eq(payments.id, paymentId))))[0];
}

export type CheckoutResult = { ok: true; payment: PaymentView } | { ok: false; reason: "payment_provider_unavailable" };

/**
 * Opens a checkout for a payment row already written (pending): asks the provider where to pay
 * and records its answer. A provider that fails leaves the payment failed, nothing charged.
 */
export async function openCheckout(
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

/** The licence type in force, for pages. */
export async function licenceOf(db: Db, userId: string) {
  const plan = await limitsFor(db, userId);
  return { type_license: plan.typeLicense, expires_at: plan.expiresAt, free: plan.typeLicense === FREE_LICENSE };
}

/** A pending sandbox payment of this user, for its checkout page. */
export async function sandboxPayment(db: Db, userId: string, paymentId: string) {
  return db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.provider, "sandbox"))).get();
}

export type AuthenticationResult = { ok: true; url: string } | { ok: false; reason: "payment_not_found" | "payment_nothing_to_confirm" | "payment_provider_unavailable" };

/**
 * Where the payer completes a payment held for their authentication (3-D Secure): the provider's
 * page, which sends them back to `/payment/{guid}`; the outcome arrives by notification.
 */
export async function startAuthentication(db: Db, provider: PaymentProvider, userId: string, paymentId: string, origin: string): Promise<AuthenticationResult> {
  const payment = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId))).get();
  if (!payment) return { ok: false, reason: "payment_not_found" };
  if (payment.status !== "pending" || !payment.awaitingAuthentication || payment.provider !== provider.name) return { ok: false, reason: "payment_nothing_to_confirm" };
  try {
    const step = await provider.authenticate({ paymentId, providerPaymentRef: payment.providerPaymentRef, returnUrl: `${origin}/payment/${paymentId}` });
    return step.kind === "redirect" ? { ok: true, url: step.url } : { ok: false, reason: "payment_nothing_to_confirm" };
  } catch (err) {
    console.error("payment provider failed to start authentication", provider.name, err);
    return { ok: false, reason: "payment_provider_unavailable" };
  }
}
