import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { loadPlanningBoard } from "../features/planning/board-data.server";
import { PlanningBoard } from "../features/planning/planning-board";
import { useProjectLive } from "../features/planning/use-project-live";
import { useViewer } from "../features/shell/viewer";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import type { Route } from "./+types/project-taskboard";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return { data: await loadPlanningBoard(request, env, params.guid) };
}

/** `/project/{guid}/taskboard`: the planning board. */
export default function ProjectTaskboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const project = useProject();
  const { revalidate } = useRevalidator();
  const viewer = useViewer();
  // Someone else changed tasks or sprints: read the board again.
  useProjectLive(project.guid, viewer?.guid, () => void revalidate());
  if (!loaderData.data) return <NoAccess />;
  const { board, fields, canWrite } = loaderData.data;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h2 className="sr-only">{t("planning.title")}</h2>
      <PlanningBoard projectGuid={project.guid} board={board} fields={fields} canWrite={canWrite} onChanged={() => void revalidate()} />
    </main>
  );
}
