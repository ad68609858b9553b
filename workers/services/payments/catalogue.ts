/** The plans and their prices (issue 23): plans are rows, a custom plan is seen only by its customer. */
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Limits, Period } from "../../../domain/billing/plans";
import type { Db } from "../../db/client";
import { tariffPrices, tariffs, type Tariff, type TariffPrice } from "../../db/schema";
import { limitsOf } from "../plan-limits";

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
