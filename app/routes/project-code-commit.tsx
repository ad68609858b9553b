import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { commitPage } from "../../workers/services/pages/code";
import { DiffView } from "../features/code/diff-view";
import { codeBase, treeUrl } from "../features/code/repo-header";
import { signedInViewer } from "../features/projects/project-data.server";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import type { Route } from "./+types/project-code-commit";
import { formatDateTime } from "../../domain/time/format";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await signedInViewer(request, env);
  return commitPage(env, request.url, viewer.guid, params.guid, params.git, params.hexsha.toLowerCase());
}

/** `/project/{guid}/code/{git}/commit/{hexsha}`: a commit, its message and its diffs. */
export default function ProjectCodeCommit({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("code");
  const project = useProject();
  if (!loaderData) return <NoAccess />;
  const { repo, commit, files, truncated } = loaderData;
  const [title, ...body] = commit.message.trim().split("\n");
  const date = { format: (ms: number) => formatDateTime(ms, i18n.language) };
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6" data-testid="commit-page">
      <nav className="muted flex gap-2 text-sm">
        <Link to={codeBase(project.guid)} className="hover:underline">{t("list.title")}</Link>/
        <Link to={treeUrl(project.guid, repo.guid, repo.default_branch)} className="hover:underline">{repo.name}</Link>/
        <Link to={`${codeBase(project.guid)}/commits/${repo.guid}`} className="hover:underline">{t("repo.commits")}</Link>
      </nav>
      <section className="card flex flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold" data-testid="commit-title">{title}</h2>
        {body.length > 0 && <pre className="whitespace-pre-wrap text-sm">{body.join("\n").trim()}</pre>}
        <p className="muted text-sm">
          {commit.author.name} · {date.format(commit.date)} · <span className="font-mono">{commit.hexsha}</span>
        </p>
        <div className="flex gap-3 text-sm">
          {commit.parents.map((p) => (
            <Link key={p} to={`${codeBase(project.guid)}/${repo.guid}/commit/${p}`} className="font-mono text-[var(--primary)] hover:underline">
              {t("commit.parent", { hexsha: p.slice(0, 8) })}
            </Link>
          ))}
          <Link to={treeUrl(project.guid, repo.guid, commit.hexsha)} className="text-[var(--primary)] hover:underline">{t("commit.browse")}</Link>
        </div>
      </section>
      <DiffView files={files} />
      {truncated && <p className="muted text-sm">{t("commit.truncated")}</p>}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
