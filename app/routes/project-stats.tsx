import { useNavigate, useSearchParams } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { useProjectLive } from "../features/planning/use-project-live";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useViewer } from "../features/shell/viewer";
import { loadStats } from "../features/stats/stats-data.server";
import { StatsPage } from "../features/stats/stats-page";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-stats";
import { useCoalescedReread } from "../lib/use-coalesced-reread";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return { data: await loadStats(request, env, params.guid) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "projects:nav.stats" });
}

/** `/project/{guid}/stats`: burndown, tasks per status and assignee, estimate per sprint. */
export default function ProjectStats({ loaderData }: Route.ComponentProps) {
  const project = useProject();
  const viewer = useViewer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Tasks or sprints changed somewhere: the figures are read again.
  const reread = useCoalescedReread();
  useProjectLive(project.guid, viewer?.guid, (message) => {
    if (message.type !== "comments_changed") reread();
  }, reread);
  if (!loaderData.data) return <NoAccess />;
  const pick = (sprint: string | null) => {
    const next = new URLSearchParams(params);
    if (sprint) next.set("sprint", sprint);
    else next.delete("sprint");
    void navigate(`?${next.toString()}`, { replace: true, preventScrollReset: true });
  };
  return <StatsPage stats={loaderData.data.stats} missing={loaderData.data.missing} projectGuid={project.guid} onPick={pick} />;
}

export function ErrorBoundary() {
  return <NoAccess />;
}
