import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, useRevalidator } from "react-router";
import { formatAmount } from "../../domain/billing/plans";
import { cloudflareContext } from "../../workers/context";
import { paymentPage } from "../../workers/services/pages/billing";
import { BillingError } from "../features/billing/billing-error";
import { checkoutProblem } from "../features/billing/plan-card";
import { apiCall } from "../lib/api";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/payment";

/** `/payment/{payGuid}`: the result of one of the viewer's payments (another's is a 404). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  const page = viewer ? await paymentPage(env, viewer.guid, params.payGuid) : null;
  if (!page) throw data(null, { status: 404 });
  return page;
}

/** While the provider has not answered yet, look again every two seconds. */
const POLL_MS = 2000;

export default function Payment({ loaderData: { payment, licence } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("billing");
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (payment.status !== "pending") return;
    const timer = setInterval(() => void revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [payment.status, revalidate]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // 3-D Secure: the provider's page, which sends the payer back here; the webhook settles it.
  const authenticate = async () => {
    setBusy(true);
    const r = await apiCall<{ url: string }>("POST", `/v1/pay/${payment.guid}/authenticate`);
    if (r.data) return window.location.assign(r.data.url);
    setBusy(false);
    setProblem(checkoutProblem(r.error));
  };
  const message =
    payment.action === "authenticate" ? t("payment.action") : payment.kind === "donation" && payment.status === "paid" ? t("payment.donationThanks") : t(`payment.${payment.status}`);
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <section className="card p-6" data-testid="payment-result" data-status={payment.status} data-action={payment.action ?? undefined}>
        <h1 className="text-2xl font-bold">{t("payment.title")}</h1>
        <p className={`mt-4 text-lg ${payment.status === "paid" ? "text-green-700" : ""}`} role="status">
          {message}
        </p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="muted">{t("receipts.what")}</dt>
          <dd>{payment.tariff ? `${payment.tariff.name} · ${t(payment.period === "year" ? "price.yearly" : "price.monthly")}` : t("receipts.donation")}</dd>
          <dt className="muted">{t("payment.amount")}</dt>
          <dd>{formatAmount(payment.amount, payment.currency, i18n.language)}</dd>
          <dt className="muted">{t("payment.status")}</dt>
          <dd data-testid="payment-status">{t(`status.${payment.status}`)}</dd>
        </dl>
        <p className="muted mt-6 text-sm" data-testid="payment-licence">
          {t("payment.licence", { type: t(`types.${licence.type_license}`, { defaultValue: licence.type_license }) })}
        </p>
        {problem && (
          <p role="alert" className="mt-4 text-sm text-red-600">
            {problem}
          </p>
        )}
        <div className="mt-6 flex gap-3">
          {payment.action === "authenticate" && (
            <button className="btn btn-primary" disabled={busy} onClick={() => void authenticate()} data-testid="payment-authenticate">
              {t("payment.authenticate")}
            </button>
          )}
          {payment.status === "pending" && payment.url && (
            <a className="btn btn-primary" href={payment.url}>
              {t("payment.payNow")}
            </a>
          )}
          <Link className="btn" to="/price">
            {t("payment.backToPlans")}
          </Link>
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <BillingError />;
}
