import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatAmount } from "../../../domain/billing/plans";
import type { LicencePeriodView } from "../../../workers/services/payments/licence-history";
import type { Page } from "../../../workers/services/payments/payments";
import { apiCall } from "../../lib/api";
import { formatDate } from "../../../domain/time/format";

/** A billing list read page by page (`{results, next}`): the first page at once, the next ones on "more". */
export function usePaged<T>(path: string) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const load = useCallback(
    async (cursor: string | null) => {
      const r = await apiCall<Page<T>>("GET", cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path);
      if (!r.data) return;
      const page = r.data;
      setRows((before) => (cursor && before ? [...before, ...page.results] : page.results));
      setNext(page.next);
    },
    [path],
  );
  useEffect(() => void load(null), [load]);
  return { rows, more: next !== null, loadMore: () => void load(next) };
}

/** Account settings → Billing: every paid licence period, how it was paid and how it ended. */
export function LicenceHistory() {
  const { t, i18n } = useTranslation("billing");
  const { rows: periods, more, loadMore } = usePaged<LicencePeriodView>("/v1/license/history");
  const date = (ms: number) => formatDate(ms, i18n.language);
  const ending = (p: LicencePeriodView) => {
    if (p.ended_by) return t(`history.ended.${p.ended_by}`);
    if (p.state === "grace" && p.grace_until) return t("history.state.grace", { date: date(p.grace_until) });
    return t(`history.state.${p.state}`);
  };
  return (
    <>
      <h2 className="mt-6 mb-2 text-lg font-semibold">{t("history.title")}</h2>
      {periods && periods.length === 0 && <p className="muted text-sm">{t("history.empty")}</p>}
      {periods && periods.length > 0 && (
        <table className="w-full text-sm" data-testid="licence-history">
          <thead>
            <tr className="muted text-left">
              <th className="py-1">{t("history.plan")}</th>
              <th>{t("history.from")}</th>
              <th>{t("history.until")}</th>
              <th>{t("history.paidBy")}</th>
              <th>{t("history.ending")}</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={p.guid} className="border-t border-[var(--border)]" data-state={p.state} data-paid-by={p.paid_by}>
                <td className="py-1.5">
                  {t(`types.${p.plan.slug}`, { defaultValue: p.plan.name })} · {t(p.period === "year" ? "price.yearly" : "price.monthly")}
                </td>
                <td>{date(p.starts_at)}</td>
                <td>{date(p.ends_at)}</td>
                <td>
                  {t(`history.paid.${p.paid_by}`)}
                  {p.payment && (
                    <>
                      {" · "}
                      <Link className="link" to={`/payment/${p.payment.guid}`}>
                        {formatAmount(p.payment.amount, p.payment.currency, i18n.language)}
                      </Link>
                    </>
                  )}
                </td>
                <td>{ending(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more && (
        <button className="btn btn-ghost mt-2" onClick={loadMore} data-testid="history-more">
          {t("history.more")}
        </button>
      )}
    </>
  );
}
