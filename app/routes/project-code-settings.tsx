import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { updateRepoBody } from "../../domain/git/schemas";
import { cloudflareContext } from "../../workers/context";
import { repoTreePage } from "../../workers/services/pages/code";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { RepoHeader, codeBase } from "../features/code/repo-header";
import { signedInViewer } from "../features/projects/project-data.server";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import type { Route } from "./+types/project-code-settings";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await signedInViewer(request, env);
  return repoTreePage(env, request.url, viewer.guid, params.guid, params.git, null, "");
}

/** `/project/{guid}/code/settings/{git}`: rename, default branch, its protection (roots), delete (roots, after confirming). */
export default function ProjectCodeSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("code");
  const project = useProject();
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [name, setName] = useState(loaderData?.repo.name ?? "");
  const [branch, setBranch] = useState(loaderData?.repo.default_branch ?? "main");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [done, setDone] = useState("");
  const [confirm, setConfirm] = useState("");
  const [protect, setProtect] = useState(loaderData?.repo.protect_default_branch ?? false);
  const [adminsOnly, setAdminsOnly] = useState(loaderData?.repo.protected_admins_only ?? false);
  if (!loaderData) return <NoAccess />;
  const { repo, heads, tags, ref } = loaderData;
  const canWrite = project.access.write || project.access.root;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setDetail("");
    setDone("");
    // Protection is a project admin's to change; others send only what they may.
    const guard = project.access.root ? { protect_default_branch: protect, protected_admins_only: protect && adminsOnly } : {};
    const parsed = updateRepoBody.safeParse({ name, ...(heads.length ? { default_branch: branch } : {}), ...guard });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    const result = await api("PATCH", `/v1/project/${project.guid}/git/${repo.guid}`, parsed.data, { quiet: true });
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors(s.fields);
    }
    setDone(t("settings.saved"));
    await revalidate();
  };

  const remove = async () => {
    const result = await api("DELETE", `/v1/project/${project.guid}/git/${repo.guid}`, undefined, { quiet: true });
    if (result.error) return setDetail(serverErrors(result.error, t).detail);
    await navigate(codeBase(project.guid));
  };

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6" data-testid="repo-settings">
      <RepoHeader project={project.guid} repo={repo} refName={ref} heads={heads} tags={tags} at="tree" />
      <section className="card p-6">
        <h3 className="mb-4 text-lg font-semibold">{t("settings.title")}</h3>
        <form className="flex flex-col gap-4" onSubmit={save} noValidate>
          {detail && <FormAlert tone="error">{detail}</FormAlert>}
          {done && <FormAlert tone="success">{done}</FormAlert>}
          <Field label={t("create.name")} name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} disabled={!canWrite} />
          {heads.length > 0 && (
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t("create.branch")}</span>
              <select className="input" value={branch} onChange={(e) => setBranch(e.target.value)} disabled={!canWrite} name="default_branch">
                {heads.map((h) => (
                  <option key={h.name}>{h.name}</option>
                ))}
              </select>
              {errors.default_branch && <span className="text-xs text-red-600">{errors.default_branch}</span>}
            </label>
          )}
          <fieldset className="flex flex-col gap-2 rounded-lg border border-[var(--border)] p-3" data-testid="branch-protection" disabled={!project.access.root}>
            <legend className="px-1 text-sm font-medium">{t("settings.protection")}</legend>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5" checked={protect} onChange={(e) => setProtect(e.target.checked)} name="protect_default_branch" />
              <span>
                {t("settings.protect", { branch: repo.default_branch })}
                <span className="muted block text-xs">{t("settings.protectHint")}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 pl-6 text-sm">
              <input type="checkbox" className="mt-0.5" checked={protect && adminsOnly} disabled={!protect} onChange={(e) => setAdminsOnly(e.target.checked)} name="protected_admins_only" />
              <span>{t("settings.adminsOnly")}</span>
            </label>
            {!project.access.root && <p className="muted text-xs">{t("settings.protectionAdmins")}</p>}
          </fieldset>
          {canWrite && (
            <div>
              <button type="submit" className="btn btn-primary">{t("settings.save")}</button>
            </div>
          )}
        </form>
      </section>
      {project.access.root && (
        <section className="card flex flex-col gap-3 border-red-500/40 p-6" data-testid="repo-delete">
          <h3 className="text-lg font-semibold">{t("settings.deleteTitle")}</h3>
          <p className="muted text-sm">{t("settings.deleteBody", { name: repo.name })}</p>
          <Field label={t("settings.confirm", { name: repo.name })} name="confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <div>
            <button type="button" className="btn btn-ghost text-red-600" disabled={confirm !== repo.name} onClick={() => void remove()}>
              {t("settings.delete")}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
