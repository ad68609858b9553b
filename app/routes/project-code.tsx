import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useRevalidator } from "react-router";
import { createRepoBody } from "../../domain/git/schemas";
import { cloudflareContext } from "../../workers/context";
import type { RepoWire } from "../../workers/services/git";
import { codeListPage } from "../../workers/services/pages/code";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { codeBase, treeUrl } from "../features/code/repo-header";
import { useRepoListLive } from "../features/code/use-repo-live";
import { signedInViewer } from "../features/projects/project-data.server";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-code";
import { formatDateTime } from "../../domain/time/format";
import { EmptyState } from "../components/ui/empty-state";
import { HelpLink } from "../features/site/help-link";
import { PageHeader } from "../components/ui/page-header";
import { Icon } from "../components/ui/icons";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await signedInViewer(request, env);
  return codeListPage(env, request.url, viewer.guid, params.guid);
}

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1048576 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1048576).toFixed(1)} MiB`);

/** Creates a repository: a name, empty or with a README, and its default branch. */
function CreateRepo({ projectGuid }: { projectGuid: string }) {
  const { t } = useTranslation("code");
  const api = useApi();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [branch, setBranch] = useState("main");
  const [readme, setReadme] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setDetail("");
    const parsed = createRepoBody.safeParse({ name, readme, default_branch: branch });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setBusy(true);
    const result = await api<RepoWire>("POST", `/v1/project/${projectGuid}/git`, parsed.data, { quiet: true });
    setBusy(false);
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors(s.fields);
    }
    await navigate(treeUrl(projectGuid, result.data.guid, result.data.default_branch));
  };

  return (
    <section className="card p-6" data-testid="create-repo">
      <h3 className="mb-4 text-lg font-semibold">{t("create.title")}</h3>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {detail && <FormAlert tone="error">{detail}</FormAlert>}
        <Field label={t("create.name")} name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <Field label={t("create.branch")} name="default_branch" value={branch} onChange={(e) => setBranch(e.target.value)} error={errors.default_branch} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={readme} onChange={(e) => setReadme(e.target.checked)} name="readme" />
          {t("create.readme")}
        </label>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("create.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "code:nav" });
}

/** `/project/{guid}/code` (and `/code/create`): the project's git repositories and a form to create one. */
export default function ProjectCode({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("code");
  const project = useProject();
  const canWrite = project.access.write || project.access.root;
  const { revalidate } = useRevalidator();
  useRepoListLive(project.guid, () => void revalidate());
  if (!loaderData) return <NoAccess />;
  const { repos } = loaderData;
  const date = { format: (ms: number) => formatDateTime(ms, i18n.language) };
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6" data-testid="code-page">
      <PageHeader title={t("list.title")} subtitle={t("list.subtitle")} />
      {repos.length === 0 ? (
        <EmptyState
          card
          icon="branch"
          title={t("list.empty")}
          body={t("list.emptyBody")}
          action={
            canWrite && (
              <button type="button" className="btn btn-primary" onClick={() => document.querySelector<HTMLInputElement>('input[name="name"]')?.focus()} data-testid="empty-new-repo">
                <Icon name="plus" size={16} />
                {t("create.title")}
              </button>
            )
          }
          help={<HelpLink topic="getting-started/code" />}
          testId="no-repos"
        />
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="muted text-left text-xs uppercase">
              <tr>
                <th className="px-4 py-2">{t("list.name")}</th>
                <th className="px-4 py-2">{t("list.branch")}</th>
                <th className="px-4 py-2">{t("list.lastCommit")}</th>
                <th className="px-4 py-2">{t("list.size")}</th>
                <th className="px-4 py-2">{t("list.lastPush")}</th>
              </tr>
            </thead>
            <tbody>
              {repos.map((r) => (
                <tr key={r.guid} className="border-t border-[var(--border)]" data-testid="repo-row">
                  <td className="px-4 py-2 font-medium">
                    <Link to={treeUrl(project.guid, r.guid, r.default_branch)} className="text-[var(--primary)] hover:underline">
                      {r.name}
                    </Link>
                  </td>
                  <td className="px-4 py-2 font-mono text-xs">{r.default_branch}</td>
                  <td className="px-4 py-2 font-mono text-xs">
                    {r.last_commit ? <Link to={`${codeBase(project.guid)}/${r.guid}/commit/${r.last_commit.hexsha}`}>{r.last_commit.hexsha.slice(0, 8)}</Link> : "—"}
                  </td>
                  <td className="px-4 py-2">{formatSize(r.size)}</td>
                  <td className="px-4 py-2">{r.last_push_at ? date.format(r.last_push_at) : t("list.never")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canWrite && <CreateRepo projectGuid={project.guid} />}
      {canWrite && (
        <p className="muted text-sm">
          <Link to={`${codeBase(project.guid)}/import`} className="text-[var(--primary)] hover:underline" data-testid="import-link">
            {t("import.link")}
          </Link>
        </p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
