import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useRevalidator } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { useHubMessages } from "../features/hub/hub-provider";
import { loadProject } from "../features/projects/project-data.server";
import { NoAccess } from "../features/projects/no-access";
import { ProjectNav } from "../features/projects/project-nav";
import { Sparkle } from "../features/ai/sparkle";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-layout";

const ChatPanel = lazy(() => import("../features/ai/chat-panel").then((m) => ({ default: m.ChatPanel })));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadProject(request, env, params.guid);
}

/** Pages of the project without a title of their own (the overview) are named by the project. */
export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** `/project/{guid}/…`: the project area, behind the one access check. */
export default function ProjectLayout({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const { project } = loaderData;
  const { revalidate } = useRevalidator();
  const [chatOpen, setChatOpen] = useState(false);

  // Team or access changes of this project arrive live; reload the project's data. An access
  // given back (a removal undone) reaches the no-access screen too, which then shows the project.
  useHubMessages((m) => {
    if (m.type === "update_project_access" && m.project.guid === (project?.guid ?? params.guid)) void revalidate();
    if (!project) return;
    if (m.type === "notification" && m.notification.project === project.guid) void revalidate();
  });

  if (!project) return <NoAccess />;
  return (
    <div className="project-shell">
      <div className="project-head">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 pt-6 pb-3 xl:pb-5">
          <h1 className="text-2xl font-bold tracking-tight" data-testid="project-name">
            {project.name}
          </h1>
          <span className="rounded-full bg-[var(--surface-2)] px-2.5 py-0.5 text-xs font-semibold text-[var(--muted)]" data-testid="my-role">
            {t(`roles.${project.access.role}`)}
          </span>
          <button type="button" className={`btn btn-ghost ml-auto px-3 py-1 text-sm ${chatOpen ? "text-[var(--primary)]" : ""}`} aria-pressed={chatOpen} onClick={() => setChatOpen(!chatOpen)} data-testid="ai-chat-toggle">
            <Sparkle /> {t("ai:chat.open")}
          </button>
        </div>
      </div>
      <ProjectNav guid={project.guid} />
      <div className="project-main">
        <Outlet context={project} />
      </div>
      {chatOpen && (
        <Suspense fallback={null}>
          <ChatPanel project={project.guid} onClose={() => setChatOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
