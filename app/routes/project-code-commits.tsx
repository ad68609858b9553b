import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { commitsPage } from "../../workers/services/pages/code";
import { RepoHeader, codeBase, subject } from "../features/code/repo-header";
import { signedInViewer } from "../features/projects/project-data.server";
import { useRepoLive } from "../features/code/use-repo-live";
import { CommitRow } from "../features/code/commit-row";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import type { Route } from "./+types/project-code-commits";
import { formatDateTime } from "../../domain/time/format";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await signedInViewer(request, env);
  const url = new URL(request.url);
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 100_000);
  return commitsPage(env, request.url, viewer.guid, params.guid, params.git, url.searchParams.get("ref"), page);
}

/** `/project/{guid}/code/commits/{git}?ref=&page=`: a ref's history, newest first, paged. */
export default function ProjectCodeCommits({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("code");
  const project = useProject();
  const { revalidate } = useRevalidator();
  // A push from anywhere (the command line, most often) shows without a reload.
  useRepoLive(project.guid, loaderData?.repo.guid, () => void revalidate());
  if (!loaderData) return <NoAccess />;
  const { repo, ref, page, perPage, items, totalCount, heads, tags } = loaderData;
  const pages = Math.max(1, Math.ceil(totalCount / perPage));
  const date = { format: (ms: number) => formatDateTime(ms, i18n.language) };
  const pageUrl = (p: number) => `?ref=${encodeURIComponent(ref)}&page=${p}`;
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6" data-testid="commits-page">
      <RepoHeader project={project.guid} repo={repo} refName={ref} heads={heads} tags={tags} at="commits" />
      <p className="muted text-sm" data-testid="commit-count">
        {t("commits.total", { count: totalCount })}
      </p>
      <ul className="card divide-y divide-[var(--border)]" data-testid="commit-list">
        {items.map((c) => (
          <CommitRow
            key={c.hexsha}
            to={`${codeBase(project.guid)}/${repo.guid}/commit/${c.hexsha}`}
            subject={subject(c.message)}
            meta={`${c.author.name} · ${date.format(c.date)}`}
            hexsha={c.hexsha}
            testId="commit-row"
          />
        ))}
      </ul>
      {pages > 1 && (
        <nav className="flex items-center justify-center gap-3 text-sm" aria-label={t("commits.pages")}>
          {page > 1 && <Link to={pageUrl(page - 1)} className="btn btn-ghost">{t("commits.newer")}</Link>}
          <span className="muted">{t("commits.page", { page, pages })}</span>
          {page < pages && <Link to={pageUrl(page + 1)} className="btn btn-ghost" data-testid="older">{t("commits.older")}</Link>}
        </nav>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
