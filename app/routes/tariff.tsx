import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { tariffPage } from "../../workers/services/pages/billing";
import { checkoutProblem, PlanCard } from "../features/billing/plan-card";
import { useCheckout } from "../features/billing/use-checkout";
import { BillingError } from "../features/billing/billing-error";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/tariff";

/** `/tariff/{tariffGuid}`: a plan by guid; a custom one only for the customer it is offered to. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  const page = viewer ? await tariffPage(env, viewer.guid, params.tariffGuid) : null;
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function Tariff({ loaderData: { tariff, licence } }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const { start, busy, error } = useCheckout();
  const periods = [...new Set(tariff.prices.map((p) => p.period))];
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{tariff.custom ? t("tariff.title") : tariff.name}</h1>
      {tariff.custom && <p className="muted mt-2">{t("tariff.intro")}</p>}
      {error && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {checkoutProblem(error)}
        </p>
      )}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {periods.map((period) => (
          <PlanCard key={period} tariff={tariff} period={period} current={false} busy={busy} signedIn onBuy={(price) => void start(`/v1/buy/${price}`)} />
        ))}
      </div>
      <p className="muted mt-6 text-sm">{t("payment.licence", { type: t(`types.${licence.type_license}`, { defaultValue: licence.type_license }) })}</p>
    </main>
  );
}

export function ErrorBoundary() {
  return <BillingError />;
}
