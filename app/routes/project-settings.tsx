import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { useProject } from "../features/projects/use-project";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-settings";

/** The project's configuration: root only (spec §6 via docs/decisions.md "Roles"). */
const ROOT_TABS = ["project", "team", "fields", "workflow", "views", "jira", "donations"] as const;
/** The participant's own settings for this project: every verified participant. */
const OWN_TABS = ["notifications"] as const;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "projects:nav.settings" });
}

/**
 * `/project/{guid}/settings/…`: one tab per part of the configuration; non-roots see only their
 * own. Each tab's loader checks its access: the root-only ones show non-roots the no-access
 * screen, and the project layout above shows it to anyone who is not a participant.
 */
export default function ProjectSettings({ params }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const project = useProject();
  const tabs = project.access.root ? [...ROOT_TABS, ...OWN_TABS] : OWN_TABS;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[200px_1fr]">
      <nav className="flex flex-wrap gap-1 md:flex-col" aria-label={t("nav.settings")} data-testid="settings-tabs">
        {tabs.map((k) => (
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
