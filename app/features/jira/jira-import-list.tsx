import { useTranslation } from "react-i18next";
import { TableHead } from "../../components/ui/table-head";

/** An import as `GET /project/{id}/jira/imports` lists it. */
export interface ImportListItem {
  guid: string;
  phase: string;
  jira_projects: string[];
  total: number;
  counts: Record<string, number>;
  problems: number;
  started_at: number;
  finished_at: number | null;
  started_by: { guid: string; name: string } | null;
}

/**
 * The project's past and running imports (from the server, whoever started them and in
 * whichever browser); each opens its report.
 */
export function JiraImportList({ imports, current, onOpen }: { imports: ImportListItem[]; current: string | null; onOpen: (guid: string) => void }) {
  const { t, i18n } = useTranslation("projects");
  if (!imports.length) return null;
  const when = (at: number | null) => (at ? new Date(at).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" }) : "—");
  const status = (phase: string) => (phase === "done" ? t("jira.list.done") : phase === "failed" ? t("jira.list.failed") : t("jira.list.running"));
  return (
    <section className="card grid gap-3 p-6" data-testid="jira-imports">
      <h2 className="text-lg font-semibold">{t("jira.list.title")}</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <TableHead
            cellClassName="py-1"
            columns={[
              ...["jira.list.started", "jira.list.by", "jira.projects", "jira.list.status", "jira.list.counts", "jira.list.finished"].map((key) => ({ label: t(key), className: "pr-3" })),
              {},
            ]}
          />
          <tbody>
            {imports.map((item) => (
              <tr key={item.guid} className="border-t border-[var(--border)]" data-testid="jira-import-row">
                <td className="py-1 pr-3 whitespace-nowrap">{when(item.started_at)}</td>
                <td className="py-1 pr-3">{item.started_by?.name ?? "—"}</td>
                <td className="py-1 pr-3">{item.jira_projects.join(", ")}</td>
                <td className="py-1 pr-3">{status(item.phase)}</td>
                <td className="py-1 pr-3">
                  {t("jira.list.countsText", { issues: item.counts.issues ?? 0, unchanged: item.counts.unchanged ?? 0, problems: item.problems })}
                </td>
                <td className="py-1 pr-3 whitespace-nowrap">{when(item.finished_at)}</td>
                <td className="py-1 text-right">
                  {item.guid !== current && (
                    <button type="button" className="btn" onClick={() => onOpen(item.guid)}>
                      {t("jira.list.open")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
