import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { repoTreePage } from "../../workers/services/pages/code";
import { Icon } from "../components/ui/icons";
import { HighlightedCode } from "../features/code/highlighted-code";
import { RepoHeader, codeBase, subject, treeUrl } from "../features/code/repo-header";
import { signedInViewer } from "../features/projects/project-data.server";
import { useRepoLive } from "../features/code/use-repo-live";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import type { Route } from "./+types/project-code-tree";

const IMAGE = /\.(png|jpe?g|gif|webp|avif|bmp|ico)$/i;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await signedInViewer(request, env);
  // `tree/{ref}/{path…}`: the ref is one (encoded) segment.
  const [ref, ...rest] = (params["*"] ?? "").split("/");
  let path = "";
  let at: string | null = null;
  try {
    at = ref ? decodeURIComponent(ref) : null;
    path = rest.map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
  return repoTreePage(env, request.url, viewer.guid, params.guid, params.git, at, path);
}

/** `/project/{guid}/code/{git}/tree/{ref}/{path}`: a directory with its README, or a file. */
export default function ProjectCodeTree({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("code");
  const project = useProject();
  const { revalidate } = useRevalidator();
  // A push from anywhere (the command line, most often) shows without a reload.
  useRepoLive(project.guid, loaderData?.repo.guid, () => void revalidate());
  if (!loaderData) return <NoAccess />;
  const { repo, heads, tags, ref, path, view, readme, empty, lastCommit } = loaderData;
  const crumbs = path ? path.split("/") : [];
  const raw = `/api/v1/project/${project.guid}/git/${repo.guid}/raw/${encodeURIComponent(ref)}/${path.split("/").map(encodeURIComponent).join("/")}`;
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6" data-testid="repo-page">
      <RepoHeader project={project.guid} repo={repo} refName={ref} heads={heads} tags={tags} at="tree" />
      {empty ? (
        <section className="card flex flex-col gap-3 p-6" data-testid="repo-empty">
          <h3 className="text-lg font-semibold">{t("repo.emptyTitle")}</h3>
          <p className="muted text-sm">{t("repo.emptyBody")}</p>
          <pre className="rounded-lg bg-[var(--surface-2)] p-3 font-mono text-xs">{`git remote add origin ${repo.clone_url}\ngit push -u origin ${repo.default_branch}`}</pre>
          <p className="muted text-sm">
            {t("repo.tokenHint")} <Link className="text-[var(--primary)] hover:underline" to="/settings/tokens">{t("repo.tokenLink")}</Link>
          </p>
        </section>
      ) : !view ? (
        <p className="muted" data-testid="path-missing">{t("repo.pathMissing")}</p>
      ) : (
        <>
          <nav className="flex flex-wrap items-center gap-1 font-mono text-sm" aria-label={t("repo.path")} data-testid="breadcrumbs">
            <Link to={treeUrl(project.guid, repo.guid, ref)} className="text-[var(--primary)] hover:underline">
              {repo.name}
            </Link>
            {crumbs.map((c, i) => (
              <span key={i} className="flex items-center gap-1">
                <span className="muted">/</span>
                {i === crumbs.length - 1 ? <span>{c}</span> : <Link to={treeUrl(project.guid, repo.guid, ref, crumbs.slice(0, i + 1).join("/"))} className="text-[var(--primary)] hover:underline">{c}</Link>}
              </span>
            ))}
          </nav>
          {lastCommit && !path && (
            <Link to={`${codeBase(project.guid)}/${repo.guid}/commit/${lastCommit.hexsha}`} className="card flex items-center gap-3 px-4 py-2 text-sm hover:bg-[var(--surface-2)]" data-testid="last-commit">
              <span className="font-medium">{lastCommit.author.name}</span>
              <span className="min-w-0 flex-1 truncate">{subject(lastCommit.message)}</span>
              <span className="muted font-mono text-xs">{lastCommit.hexsha.slice(0, 8)}</span>
            </Link>
          )}
          {view.kind === "tree" ? (
            <ul className="card divide-y divide-[var(--border)]" data-testid="tree">
              {view.items.map((item) => (
                <li key={item.path}>
                  <Link to={treeUrl(project.guid, repo.guid, ref, item.path)} className="flex items-center gap-2 px-4 py-2 text-sm hover:bg-[var(--surface-2)]" data-testid="tree-item">
                    <Icon name={item.contentType === "tree" ? "folder" : "document"} size={16} />
                    <span>{item.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <section className="card overflow-hidden" data-testid="file-view">
              <header className="flex items-center gap-3 border-b border-[var(--border)] px-4 py-2 text-sm">
                <span className="font-mono font-medium">{view.file.name}</span>
                <span className="muted text-xs">{t("repo.bytes", { count: view.file.size })}</span>
                <a className="btn btn-ghost ml-auto text-xs" href={raw} download>
                  {t("repo.download")}
                </a>
              </header>
              {IMAGE.test(view.file.name) ? (
                <ImagePreview url={raw} name={view.file.name} />
              ) : view.file.content !== null ? (
                <HighlightedCode code={view.file.content} path={view.file.path} />
              ) : (
                <p className="muted px-4 py-6 text-sm" data-testid="binary-file">{t("repo.binary")}</p>
              )}
            </section>
          )}
          {readme && (
            <section className="card p-6" data-testid="readme">
              {/* renderMarkdown escapes every text and keeps only safe links and images. */}
              <div className="post-body" dangerouslySetInnerHTML={{ __html: readme }} />
            </section>
          )}
        </>
      )}
    </main>
  );
}

/** An image file, shown from the download address (an image element runs nothing). */
function ImagePreview({ url, name }: { url: string; name: string }) {
  return (
    <div className="flex justify-center p-4">
      <img src={url} alt={name} className="max-h-[60vh]" data-testid="image-file" />
    </div>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
