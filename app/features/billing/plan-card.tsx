import { useTranslation } from "react-i18next";
import { formatAmount, formatBytes, LIMIT_KEYS, type Period } from "../../../domain/billing/plans";
import type { TariffView } from "../../../workers/services/payments/catalogue";

/** A plan's price for a period, its limits, and the way to buy it. */
export function PlanCard({
  tariff,
  period,
  current,
  onBuy,
  busy,
  signedIn,
}: {
  tariff: TariffView;
  period: Period;
  current: boolean;
  onBuy: (priceGuid: string) => void;
  busy: boolean;
  signedIn: boolean;
}) {
  const { t, i18n } = useTranslation("billing");
  const price = tariff.prices.find((p) => p.period === period && p.currency === "eur") ?? tariff.prices.find((p) => p.period === period);
  const free = !price || price.amount === 0;
  return (
    <section className={`card flex flex-col p-6 ${current ? "ring-2 ring-[var(--primary)]" : ""}`} data-testid={`plan-${tariff.slug}`} aria-current={current ? "true" : undefined}>
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-bold">{tariff.name}</h2>
        {current && <span className="rounded-full bg-[var(--primary)] px-2 py-0.5 text-xs font-semibold text-[var(--primary-text)]">{t("price.current")}</span>}
      </div>
      <p className="mt-4 text-3xl font-extrabold" data-testid="plan-price">
        {free ? t("price.free") : formatAmount(price.amount, price.currency, i18n.language)}
        {!free && <span className="muted ml-1 text-sm font-normal">{t(period === "month" ? "price.perMonth" : "price.perYear")}</span>}
      </p>
      <h3 className="muted mt-6 text-xs font-semibold uppercase">{t("price.limitsTitle")}</h3>
      <ul className="mt-2 flex-1 space-y-1 text-sm">
        {LIMIT_KEYS.map((key) => (
          <li key={key}>
            {t(`limits.${key}`, {
              count: tariff.limits[key],
              size: key.endsWith("_bytes") ? formatBytes(tariff.limits[key], i18n.language) : undefined,
            })}
          </li>
        ))}
      </ul>
      {!free && price && !current && (
        signedIn ? (
          <button type="button" className="btn btn-primary mt-6" disabled={busy} onClick={() => onBuy(price.guid)} data-testid={`buy-${tariff.slug}`}>
            {t("price.buy", { name: tariff.name })}
          </button>
        ) : (
          <a className="btn btn-primary mt-6" href="/login?next=%2Fprice">
            {t("price.signInToBuy")}
          </a>
        )
      )}
    </section>
  );
}

/** The problem text of a refused checkout. */
export function checkoutProblem(error: { data?: unknown; statusText: string } | null): string | null {
  if (!error) return null;
  const detail = (error.data as { detail?: unknown } | undefined)?.detail;
  return typeof detail === "string" ? detail : error.statusText;
}
