import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Period } from "../../domain/billing/plans";
import { cloudflareContext } from "../../workers/context";
import { pricePage } from "../../workers/services/pages/billing";
import { checkoutProblem, PlanCard } from "../features/billing/plan-card";
import { useCheckout } from "../features/billing/use-checkout";
import { useHub } from "../features/hub/hub-provider";
import { PublicPage } from "../features/site/public-page";
import { viewerOf } from "../lib/viewer.server";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/price";

/** `/price`: the plans compared, a monthly/yearly switch, the viewer's plan marked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  return pricePage(env, viewer?.guid ?? null);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "common:shell.titles.price" });
}

export default function Price({ loaderData: { tariffs, licence } }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const [period, setPeriod] = useState<Period>("month");
  const { start, busy, error } = useCheckout();
  const { state } = useHub();
  const current = state.license?.type_license ?? licence?.type_license ?? null;
  return (
    <PublicPage wide>
      <h1 className="text-4xl font-extrabold tracking-tight">{t("price.title")}</h1>
      <p className="muted mt-3 text-lg">{t("price.intro")}</p>
      <div className="mt-6 inline-flex rounded-lg border border-[var(--border)] p-1" role="group" aria-label={t("price.title")}>
        {(["month", "year"] as const).map((p) => (
          <button key={p} type="button" className={`btn ${period === p ? "btn-primary" : "btn-ghost"}`} aria-pressed={period === p} onClick={() => setPeriod(p)} data-testid={`period-${p}`}>
            {t(p === "month" ? "price.monthly" : "price.yearly")}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {checkoutProblem(error)}
        </p>
      )}
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {tariffs.map((tariff) => (
          <PlanCard
            key={tariff.guid}
            tariff={tariff}
            period={period}
            current={current === tariff.slug}
            busy={busy}
            signedIn={licence !== null}
            onBuy={(price) => void start(`/v1/buy/${price}`)}
          />
        ))}
      </div>
    </PublicPage>
  );
}
