import { useTranslation } from "react-i18next";
import { NavLink, Outlet, redirect } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { loadProject } from "../features/projects/project-data.server";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import type { Route } from "./+types/project-settings";

const TABS = ["project", "team", "fields"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const url = new URL(request.url);
  if (/\/settings\/?$/.test(url.pathname)) throw redirect(`/project/${params.guid}/settings/project`);
  // Settings need root (spec §6 via docs/decisions.md "Roles").
  const { project } = await loadProject(request, env, params.guid, "root");
  return { allowed: project !== null };
}

/** `/project/{guid}/settings/…`: one tab per part of the project's configuration. */
export default function ProjectSettings({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const project = useProject();
  if (!loaderData.allowed) return <NoAccess />;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[200px_1fr]">
      <nav className="flex gap-1 md:flex-col" aria-label={t("nav.settings")}>
        {TABS.map((k) => (
          <NavLink
            key={k}
            to={`/project/${params.guid}/settings/${k}`}
            className={({ isActive }) => `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-[var(--surface-2)] text-[var(--primary)]" : "hover:bg-[var(--surface-2)]"}`}
          >
            {t(`settings.tabs.${k}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet context={project} />
    </div>
  );
}
