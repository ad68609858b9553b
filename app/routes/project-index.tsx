import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { formatRelativeTime } from "../../domain/time/format";
import { cloudflareContext } from "../../workers/context";
import { getDb } from "../../workers/db/client";
import { listProjectsForUser } from "../../workers/services/projects";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/project-index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const user = await viewerOf(request, env);
  if (!user) return redirect("/login");
  const projects = await listProjectsForUser(getDb(env.DB), user.guid);
  return { projects: projects.filter((p) => !p.hidden && !p.archive), now: Date.now() };
}

/** The signed-in home: the user's projects, or an empty state until there are some. */
export default function ProjectIndex({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { projects, now } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">{t("projects.title")}</h1>
      <p className="muted mt-1">{t("projects.subtitle")}</p>
      {projects.length === 0 ? (
        <div className="card mt-8 flex flex-col items-center gap-2 px-6 py-16 text-center" data-testid="projects-empty">
          <div className="text-4xl" aria-hidden="true">
            🗂
          </div>
          <h2 className="text-lg font-semibold">{t("projects.empty.title")}</h2>
          <p className="muted max-w-md">{t("projects.empty.body")}</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="projects-list">
          {projects.map((p) => (
            <li key={p.guid}>
              <Link to={`/project/${p.guid}/start`} className="card block p-5 transition hover:border-[var(--primary)]">
                <h2 className="font-semibold">{p.name}</h2>
                {p.description && <p className="muted mt-1 line-clamp-2 text-sm">{p.description}</p>}
                <p className="muted mt-3 text-xs">
                  {t("projects.updated", { when: formatRelativeTime(p.updatedAt, now, i18n.language) })}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
