import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatAmount } from "../../../domain/billing/plans";
import type { PaymentView } from "../../../workers/services/payments/payments";
import { apiCall } from "../../lib/api";
import { useViewer } from "../shell/viewer";
import { LicenceHistory, usePaged } from "./licence-history";
import { formatDate } from "../../../domain/time/format";

interface Autopay {
  active: boolean;
  license: { type_license: string; expires_at: number | null };
  next_renewal: number | null;
}

/** Account settings → Billing: the autopay switch, the licence history and the receipts (every payment, pending too). */
export function BillingTab() {
  const { t, i18n } = useTranslation("billing");
  const viewer = useViewer();
  const { rows: payments, more, loadMore } = usePaged<PaymentView>("/v1/pay");
  const [autopay, setAutopay] = useState<Autopay | null>(null);
  useEffect(() => {
    void apiCall<Autopay>("GET", "/v1/autopay").then((r) => r.data && setAutopay(r.data));
  }, []);
  const toggle = async (active: boolean) => {
    const r = await apiCall<Autopay>("PUT", "/v1/autopay", { active });
    if (r.data) setAutopay(r.data);
  };
  const date = (ms: number) => formatDate(ms, i18n.language);
  return (
    <section className="card p-6" data-testid="billing-tab">
      <div className="flex items-center justify-between gap-4">
        <p className="font-semibold" data-testid="billing-licence">
          {autopay ? t("payment.licence", { type: t(`types.${autopay.license.type_license}`, { defaultValue: autopay.license.type_license }) }) : "\u00a0"}
        </p>
        <div className="flex gap-2">
          {viewer?.site_admin && (
            <Link className="btn btn-ghost" to="/admin/donations" data-testid="donations-admin-link">
              {t("donations.title")}
            </Link>
          )}
          <Link className="btn" to="/price">
            {t("receipts.plans")}
          </Link>
        </div>
      </div>
      {autopay && (
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={autopay.active} onChange={(e) => void toggle(e.target.checked)} data-testid="autopay" />
          {t("receipts.autopay")}
          {autopay.next_renewal && <span className="muted">· {t("receipts.nextRenewal", { date: date(autopay.next_renewal) })}</span>}
        </label>
      )}
      <LicenceHistory />
      <h2 className="mt-6 mb-2 text-lg font-semibold">{t("receipts.title")}</h2>
      {payments && payments.length === 0 && <p className="muted text-sm">{t("receipts.empty")}</p>}
      {payments && payments.length > 0 && (
        <table className="w-full text-sm" data-testid="receipts">
          <thead>
            <tr className="muted text-left">
              <th className="py-1">{t("receipts.date")}</th>
              <th>{t("receipts.what")}</th>
              <th>{t("payment.amount")}</th>
              <th>{t("payment.status")}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.guid} className="border-t border-[var(--border)]">
                <td className="py-1.5">{date(p.created_at)}</td>
                <td>
                  <Link className="link" to={`/payment/${p.guid}`}>
                    {p.tariff ? p.tariff.name : t("receipts.donation")}
                  </Link>
                </td>
                <td>{formatAmount(p.amount, p.currency, i18n.language)}</td>
                <td>{t(`status.${p.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more && (
        <button className="btn btn-ghost mt-2" onClick={loadMore} data-testid="receipts-more">
          {t("receipts.more")}
        </button>
      )}
    </section>
  );
}
