import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { donationsAdminPage } from "../../workers/services/pages/billing";
import { DonationTable } from "../features/billing/donation-table";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/donations-admin";
import { formatDateTime } from "../../domain/time/format";

/** `/admin/donations`: the donations received, for site administrators; anyone else is refused. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  if (!viewer?.site_admin) return data({ allowed: false as const }, { status: 403, headers: { "Cache-Control": "no-store" } });
  return data({ allowed: true as const, donations: await donationsAdminPage(env) }, { headers: { "Cache-Control": "no-store" } });
}

export function meta() {
  return [{ title: "Donations" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function DonationsAdmin({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("billing");
  if (!loaderData.allowed) {
    return (
      <main className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="donations-forbidden">
        <h1 className="text-xl font-semibold">{t("donations.title")}</h1>
        <p className="muted mt-3">{t("donations.refused")}</p>
      </main>
    );
  }
  const date = (ms: number) => formatDateTime(ms, i18n.language);
  const { donations } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("donations.title")}</h1>
      <p className="muted mt-1 text-sm">{t("donations.intro")}</p>
      <section className="card mt-6 p-6">
        {donations.length === 0 && <p className="muted text-sm">{t("donations.empty")}</p>}
        {donations.length > 0 && (
          <DonationTable
            rows={donations}
            when={date}
            donor={(d) =>
              d.donor ? (
                <>
                  {d.donor.name} <span className="muted">{d.donor.email}</span>
                </>
              ) : (
                "—"
              )
            }
            recipient={(d) => (d.recipient_project ? t("donations.project", { name: d.recipient_project_name ?? "—" }) : d.recipient ? (d.recipient_name ?? "—") : t("donations.site"))}
            testId="donations"
          />
        )}
      </section>
    </main>
  );
}
