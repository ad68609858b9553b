/** The licence history (issue 23): every paid period, how it was paid and how it ended. */
import { and, desc, eq, lt, or } from "drizzle-orm";
import { BILLING_PAGE_DEFAULT, GRACE_MS, type LicencePhase, licencePhase, type PaymentStatus } from "../../../domain/billing/plans";
import type { BillingPageQuery } from "../../../domain/billing/schemas";
import type { Db } from "../../db/client";
import { licencePeriods, payments, tariffs } from "../../db/schema";
import { type Page, pageOf } from "./payments";

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

/** One page of the user's licence history, newest period first. */
export async function licenceHistory(db: Db, userId: string, now = Date.now(), page: BillingPageQuery = { limit: BILLING_PAGE_DEFAULT }): Promise<Page<LicencePeriodView>> {
  const after = page.cursor
    ? or(lt(licencePeriods.startsAt, page.cursor.at), and(eq(licencePeriods.startsAt, page.cursor.at), lt(licencePeriods.id, page.cursor.id)))
    : undefined;
  const rows = await db
    .select({ period: licencePeriods, tariff: { slug: tariffs.slug, name: tariffs.name }, payment: { id: payments.id, amount: payments.amount, currency: payments.currency, provider: payments.provider, status: payments.status } })
    .from(licencePeriods)
    .innerJoin(tariffs, eq(tariffs.id, licencePeriods.tariffId))
    .leftJoin(payments, eq(payments.id, licencePeriods.paymentId))
    .where(and(eq(licencePeriods.userId, userId), after))
    .orderBy(desc(licencePeriods.startsAt), desc(licencePeriods.id))
    .limit(page.limit + 1);
  const views = rows.map(({ period: p, tariff, payment }): LicencePeriodView => {
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
  return pageOf(views, page.limit, (v) => ({ at: v.starts_at, id: v.guid }));
}
