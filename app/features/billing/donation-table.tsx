/** The donations as a table: the site administrators' list and a project's settings tab. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TableHead } from "../../components/ui/table-head";
import { formatAmount } from "../../../domain/billing/plans";

interface DonationRow {
  guid: string;
  created_at: number;
  amount: number;
  currency: string;
  status: string;
  message: string | null;
}

export function DonationTable<Row extends DonationRow>({ rows, when, donor, recipient, testId }: { rows: readonly Row[]; when: (ms: number) => string; donor: (row: Row) => ReactNode; recipient?: (row: Row) => ReactNode; testId: string }) {
  const { t, i18n } = useTranslation("billing");
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <TableHead
        className="muted text-left"
        columns={[{ label: t("donations.date"), className: "py-1" }, { label: t("donations.donor") }, !!recipient && { label: t("donations.recipient") }, { label: t("donations.amount") }, { label: t("donations.status") }, { label: t("donations.message") }]}
      />
      <tbody>
        {rows.map((d) => (
          <tr key={d.guid} className="border-t border-[var(--border)] align-top">
            <td className="py-1.5 whitespace-nowrap">{when(d.created_at)}</td>
            <td>{donor(d)}</td>
            {recipient && <td>{recipient(d)}</td>}
            <td className="whitespace-nowrap">{formatAmount(d.amount, d.currency, i18n.language)}</td>
            <td>{t(`status.${d.status}`)}</td>
            <td className="max-w-xs break-words">{d.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
