/**
 * The project's sections (issue 15): one `<nav>` that is a row of tabs on phones and tablets and
 * a sidebar from 1280 px on, folded to its icons when its person folds it. The fold is remembered
 * in this browser (`sidebar-state.ts`).
 */
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { Icon, type IconName } from "../../components/ui/icons";
import { toggleSidebar, useFolded } from "./sidebar-state";

interface Section {
  to: string;
  label: string;
  icon: IconName;
  /** The overview is active on its own address only. */
  end?: boolean;
  /** Other address prefixes that belong to the section (a room under Rooms). */
  also?: string[];
}

/** The project's sections, each a link with an icon; the active one is marked for the eye and for screen readers. */
export function ProjectNav({ guid }: { guid: string }) {
  const { t } = useTranslation("projects");
  const { pathname } = useLocation();
  const folded = useFolded();
  const base = `/project/${guid}`;
  const inside = (section: Section) => Boolean(section.also?.some((prefix) => pathname.startsWith(prefix)));
  const sections: Section[] = [
    { to: base, label: t("nav.overview"), icon: "home", end: true },
    { to: `${base}/taskboard`, label: t("planning.nav"), icon: "kanban", also: [`${base}/issue/`] },
    { to: `${base}/docs`, label: t("docs:nav"), icon: "document" },
    // A room and its verification page sit under Rooms too.
    { to: `${base}/rooms`, label: t("rooms:nav"), icon: "cards", also: [`${base}/room/`, `${base}/verify/`] },
    { to: `${base}/code`, label: t("code:nav"), icon: "branch" },
    { to: `${base}/meetings`, label: t("meetings:nav"), icon: "video", also: [`${base}/create-meeting`] },
    { to: `${base}/stats`, label: t("nav.stats"), icon: "chart" },
    { to: `${base}/events`, label: t("nav.events"), icon: "pulse" },
    // Every participant has settings: roots the project's, everyone their own notifications.
    { to: `${base}/settings`, label: t("nav.settings"), icon: "gear" },
  ];
  return (
    <nav className="project-nav scroll-row" aria-label={t("common:shell.projectNav")} data-testid="project-nav">
      <ul className="project-nav-list">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end ?? false}
              title={folded ? section.label : undefined}
              className={({ isActive }) => `project-nav-link ${isActive || inside(section) ? "is-active" : ""}`}
            >
              <Icon name={section.icon} size={18} className="project-nav-icon" />
              <span className="project-nav-label">{section.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <button type="button" className="project-nav-fold" onClick={toggleSidebar} aria-expanded={!folded} data-testid="sidebar-fold" title={t(folded ? "common:shell.sidebar.unfold" : "common:shell.sidebar.fold")}>
        <Icon name="sidebar" size={18} />
        <span className="project-nav-label">{t(folded ? "common:shell.sidebar.unfold" : "common:shell.sidebar.fold")}</span>
      </button>
    </nav>
  );
}
