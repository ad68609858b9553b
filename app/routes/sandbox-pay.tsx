import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { formatAmount } from "../../domain/billing/plans";
import { cloudflareContext } from "../../workers/context";
import { sandboxAction, sandboxPage } from "../../workers/services/pages/billing";
import { BillingError } from "../features/billing/billing-error";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/sandbox-pay";

/**
 * `/sandbox-pay/{payGuid}`: the sandbox provider's checkout page (development only). The payer
 * chooses what the bank answers; the sandbox then notifies us as a provider would.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  const page = viewer ? await sandboxPage(env, viewer.guid, params.payGuid) : null;
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  const form = await request.formData();
  const decision = form.get("decision") === "pay" ? "pay" : "decline";
  if (!viewer || !(await sandboxAction(env, viewer.guid, params.payGuid, decision, new URL(request.url).origin)).ok) throw data(null, { status: 404 });
  return redirect(`/payment/${params.payGuid}`);
}

export default function SandboxPay({ loaderData: payment }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("billing");
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <section className="card p-6" data-testid="sandbox-checkout">
        <p className="muted text-xs font-semibold uppercase">{t("sandbox.title")}</p>
        <p className="mt-2 text-3xl font-extrabold">{formatAmount(payment.amount, payment.currency, i18n.language)}</p>
        <p className="muted mt-3 text-sm">{t("sandbox.intro")}</p>
        {payment.status === "pending" ? (
          <Form method="post" className="mt-6 flex gap-3">
            <button className="btn btn-primary flex-1" name="decision" value="pay" data-testid="sandbox-pay">
              {t("sandbox.pay")}
            </button>
            <button className="btn flex-1" name="decision" value="decline" data-testid="sandbox-decline">
              {t("sandbox.decline")}
            </button>
          </Form>
        ) : (
          <p className="mt-6">{t(`payment.${payment.status}`)}</p>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <BillingError />;
}
