import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../components/ui/icons";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { meetingFailure } from "../features/meetings/toasts";
import { useApi } from "../features/shell/errors";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-meetings";
import { formatDateTime } from "../../domain/time/format";
import { EmptyState } from "../components/ui/empty-state";
import { PageHeader } from "../components/ui/page-header";
import { HelpLink } from "../features/site/help-link";

interface MeetingRow {
  guid: string;
  name: string;
  description: string;
  createdAt: number;
  url: string;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "meetings:nav" });
}

/** `/project/{guid}/meetings`: the project's video meetings, and a way to start one. */
export default function ProjectMeetings(_: Route.ComponentProps) {
  const { t, i18n } = useTranslation("meetings");
  const project = useProject();
  const api = useApi();
  const [rows, setRows] = useState<MeetingRow[] | null>(null);
  const canWrite = project.access.write || project.access.root;

  useEffect(() => {
    let live = true;
    void api<{ results: MeetingRow[] }>("GET", `/meeting/rooms?projectId=${encodeURIComponent(project.guid)}`, undefined, { quiet: true }).then((res) => {
      if (!live) return;
      if (res.error) {
        meetingFailure(t, "list_failed", res.error);
        setRows([]);
      } else setRows(res.data.results);
    });
    return () => {
      live = false;
    };
  }, [api, project.guid, t]);

  const date = (ms: number) => formatDateTime(ms, i18n.language);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6" data-testid="meetings-page">
      <PageHeader title={t("list.title")} subtitle={t("list.subtitle")}>
        {canWrite && (
          <Link className="btn btn-primary" to={`/project/${project.guid}/create-meeting`} data-testid="new-meeting">
            <Icon name="plus" size={18} />
            {t("list.new")}
          </Link>
        )}
      </PageHeader>
      {rows === null ? (
        <p className="muted">{t("loading")}</p>
      ) : rows.length === 0 ? (
        <EmptyState
          card
          icon="video"
          title={t("list.empty")}
          body={t("list.emptyBody")}
          action={
            canWrite && (
              <Link className="btn btn-primary" to={`/project/${project.guid}/create-meeting`} data-testid="empty-new-meeting">
                <Icon name="plus" size={16} />
                {t("list.new")}
              </Link>
            )
          }
          help={<HelpLink topic="getting-started/meetings" />}
          testId="meetings-empty"
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="meetings-list">
          {rows.map((m) => (
            <li key={m.guid} className="card flex flex-col gap-2 p-4">
              <Link to={m.url} reloadDocument className="font-semibold hover:underline" data-testid="meeting-link">
                {m.name}
              </Link>
              <p className="muted line-clamp-3 text-sm">{m.description}</p>
              <div className="mt-auto flex items-center justify-between text-xs">
                <span className="muted">{date(m.createdAt)}</span>
                <Link to={m.url} reloadDocument className="btn btn-primary text-xs">
                  <Icon name="video" size={16} />
                  {t("list.join")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
