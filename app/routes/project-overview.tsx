import { useTranslation } from "react-i18next";
import { Avatar } from "../components/ui/avatar";
import { useProject } from "../features/projects/use-project";

/** `/project/{guid}`: what the project is, who is in it, and what you may do. */
export default function ProjectOverview() {
  const { t } = useTranslation("projects");
  const project = useProject();
  const team = project.participants?.results ?? [];
  const rights = project.access.root ? "root" : project.access.write ? "write" : "read";
  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[1fr_320px]">
      <section className="card p-6">
        <h2 className="text-lg font-semibold">{t("overview.about")}</h2>
        <p className={`mt-2 whitespace-pre-line ${project.description ? "" : "muted"}`}>{project.description || t("overview.noDescription")}</p>
        <p className="muted mt-6 text-sm" data-testid="my-rights">
          {t(`overview.rights.${rights}`)}
        </p>
      </section>
      <aside className="card p-6">
        <h2 className="text-lg font-semibold">{t("overview.team", { count: team.length })}</h2>
        <ul className="mt-3 flex flex-col gap-3" data-testid="overview-team">
          {team.map((p) => (
            <li key={p.guid} className="flex items-center gap-3">
              <Avatar user={p} size={32} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{p.name}</p>
                <p className="muted truncate text-xs">{t(`roles.${p.role}`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </main>
  );
}
