import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../../domain/billing/plans";
import type { ProjectDonationsView } from "../../../workers/services/payments/donations";
import { apiCall } from "../../lib/api";
import { DonationTable } from "./donation-table";
import { formatDate } from "../../../domain/time/format";

/**
 * Project settings → Donations (roots): opens or closes the project's public donation page,
 * names who receives the donations (the owner), and lists what was given.
 */
export function ProjectDonationsPanel({ projectGuid }: { projectGuid: string }) {
  const { t, i18n } = useTranslation("billing");
  const [view, setView] = useState<ProjectDonationsView | null>(null);
  const path = `/v1/project/${projectGuid}/donations`;
  useEffect(() => {
    void apiCall<ProjectDonationsView>("GET", path).then((r) => r.data && setView(r.data));
  }, [path]);
  const toggle = async (open: boolean) => {
    const r = await apiCall<ProjectDonationsView>("PUT", path, { open });
    if (r.data) setView(r.data);
  };
  const date = (ms: number) => formatDate(ms, i18n.language);
  if (!view) return <section className="card p-6" aria-busy="true" />;
  const pageUrl = view.page ? `/donate/${view.page}` : null;
  return (
    <section className="card grid gap-4 p-6" data-testid="project-donations">
      <h2 className="text-lg font-semibold">{t("projectDonations.title")}</h2>
      <p className="muted text-sm">{t("projectDonations.intro", { owner: view.owner.name })}</p>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={view.open} onChange={(e) => void toggle(e.target.checked)} data-testid="project-donations-open" />
        {t("projectDonations.open")}
      </label>
      {pageUrl ? (
        <p className="text-sm">
          {t("projectDonations.link")}:{" "}
          <a className="link break-all" href={pageUrl} data-testid="project-donations-link">
            {pageUrl}
          </a>
        </p>
      ) : (
        <p className="muted text-sm">{t("projectDonations.closed")}</p>
      )}
      {view.received.length > 0 && (
        <p className="font-semibold" data-testid="project-donations-received">
          {t("projectDonations.received", { amount: view.received.map((r) => formatAmount(r.amount, r.currency, i18n.language)).join(" · ") })}
        </p>
      )}
      {view.donations.length === 0 ? (
        <p className="muted text-sm">{t("projectDonations.empty")}</p>
      ) : (
        <DonationTable rows={view.donations} when={date} donor={(d) => d.donor ?? t("projectDonations.anonymous")} testId="project-donations-list" />
      )}
    </section>
  );
}
