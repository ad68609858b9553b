import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation, useRevalidator } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { useHubMessages } from "../features/hub/hub-provider";
import { loadProject } from "../features/projects/project-data.server";
import { NoAccess } from "../features/projects/no-access";
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
export default function ProjectLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const { project } = loaderData;
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const [chatOpen, setChatOpen] = useState(false);

  // Team or access changes of this project arrive live; reload the project's data.
  useHubMessages((m) => {
    if (!project) return;
    if (m.type === "update_project_access" && m.project.guid === project.guid) void revalidate();
    if (m.type === "notification" && m.notification.project === project.guid) void revalidate();
  });

  if (!project) return <NoAccess />;
  const tabs: { to: string; label: string; end: boolean; also?: string[] }[] = [
    { to: `/project/${project.guid}`, label: t("nav.overview"), end: true },
    { to: `/project/${project.guid}/taskboard`, label: t("planning.nav"), end: false },
    { to: `/project/${project.guid}/docs`, label: t("docs:nav"), end: false },
    // A room and its verification page sit under the rooms tab too.
    { to: `/project/${project.guid}/rooms`, label: t("rooms:nav"), end: false, also: [`/project/${project.guid}/room/`, `/project/${project.guid}/verify/`] },
    { to: `/project/${project.guid}/code`, label: t("code:nav"), end: false },
    { to: `/project/${project.guid}/meetings`, label: t("meetings:nav"), end: false, also: [`/project/${project.guid}/create-meeting`] },
    { to: `/project/${project.guid}/stats`, label: t("nav.stats"), end: false },
    { to: `/project/${project.guid}/events`, label: t("nav.events"), end: false },
    // Every participant has settings: roots the project's, everyone their own notifications.
    { to: `/project/${project.guid}/settings`, label: t("nav.settings"), end: false },
  ];
  return (
    <div>
      <div className="border-b border-[var(--border)] bg-[var(--surface)]">
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <div className="flex flex-wrap items-center gap-3">
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
          <nav className="scroll-row -mx-4 mt-4 flex gap-1 px-4" aria-label={t("common:shell.projectNav")}>
            {tabs.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={tab.end}
                className={({ isActive }) => {
                  const active = isActive || Boolean(tab.also?.some((p) => pathname.startsWith(p)));
                  return `shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${active ? "border-[var(--primary)] text-[var(--primary)]" : "border-transparent muted hover:text-[var(--text)]"}`;
                }}
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </div>
      <Outlet context={project} />
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
