import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { concernsTask } from "../../domain/task/live";
import { useProjectLive } from "../features/planning/use-project-live";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useViewer } from "../features/shell/viewer";
import { loadTask } from "../features/task/task-data.server";
import { TaskDetails } from "../features/task/task-details";
import { TaskGone } from "../features/task/task-states";
import { useGoneState } from "../features/task/use-gone-state";
import { Breadcrumbs } from "../components/ui/breadcrumbs";
import { pageTitle, taskTitle } from "../lib/page-title";
import type { Route } from "./+types/project-issue";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadTask(request, env, params.guid, params.issueGuid);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageTitle(matches, loaderData?.state === "ok" ? taskTitle(loaderData.task) : { key: "common:shell.titles.task" });
}

/** `/project/{guid}/issue/{issueGuid}`: one task on a page of its own. */
export default function TaskPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const project = useProject();
  const viewer = useViewer();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const gone = useGoneState(loaderData);
  // Someone else changed this task or commented on it: read it again.
  useProjectLive(project.guid, viewer?.guid, (message) => {
    const related = loaderData.state === "ok" ? [...loaderData.related.map((r) => r.guid), ...loaderData.links.map((l) => l.issue)] : [];
    if (concernsTask(message, params.issueGuid, related)) void revalidate();
  }, () => void revalidate());

  if (loaderData.state === "no_access") return <NoAccess />;
  return (
    <main className="mx-auto max-w-6xl px-4 py-6" data-testid="task-page">
      <Breadcrumbs
        className="mb-3"
        items={[
          { label: project.name, to: `/project/${project.guid}` },
          { label: t("views:switcher.board"), to: `/project/${project.guid}/taskboard?view=board` },
          { label: loaderData.state === "ok" ? taskTitle(loaderData.task) : t("common:shell.titles.task") },
        ]}
      />
      {gone ? (
        <TaskGone reason={gone} projectGuid={project.guid} />
      ) : loaderData.state === "ok" ? (
        <TaskDetails
          key={loaderData.task.guid}
          data={loaderData}
          frame="page"
          onChanged={() => void revalidate()}
          onDeleted={() => void navigate(`/project/${project.guid}/taskboard`)}
        />
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("task");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <section className="card p-6" data-testid="task-error-boundary">
        <p>{t("loadFailed")}</p>
      </section>
    </main>
  );
}
