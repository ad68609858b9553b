import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { importRepoBody } from "../../domain/git/schemas";
import { cloudflareContext } from "../../workers/context";
import type { RepoWire } from "../../workers/services/git";
import { codeListPage } from "../../workers/services/pages/code";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { codeBase, treeUrl } from "../features/code/repo-header";
import { signedInViewer } from "../features/projects/project-data.server";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import type { Route } from "./+types/project-code-import";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await signedInViewer(request, env);
  return codeListPage(env, request.url, viewer.guid, params.guid);
}

/** `/project/{guid}/code/import`: a new repository cloned from a public http(s) git URL. */
export default function ProjectCodeImport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("code");
  const project = useProject();
  const api = useApi();
  const navigate = useNavigate();
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [username, setUsername] = useState("");
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  // While the import runs, its repository's object says how far it got.
  useEffect(() => {
    if (!busy) return;
    let stop = false;
    const poll = async () => {
      while (!stop) {
        const res = await api<{ percent: number | null }>("GET", `/v1/project/${project.guid}/git/import/progress?name=${encodeURIComponent(busy)}`, undefined, { quiet: true });
        if (!stop && typeof res.data?.percent === "number") setPercent((p) => Math.max(p, res.data!.percent!));
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    void poll();
    return () => {
      stop = true;
    };
  }, [busy, api, project.guid]);
  if (!loaderData || !(project.access.write || project.access.root)) return <NoAccess />;

  // The name defaults to the URL's last segment without `.git`.
  const guessed = url.trim().replace(/\/+$/, "").split("/").pop()?.replace(/\.git$/i, "") ?? "";
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setDetail("");
    const parsed = importRepoBody.safeParse({ url, name: name || guessed, ...(token ? { username, token } : {}) });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setPercent(0);
    setBusy(parsed.data.name);
    const result = await api<RepoWire>("POST", `/v1/project/${project.guid}/git/import`, parsed.data, { quiet: true });
    setBusy(null);
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors(s.fields);
    }
    await navigate(treeUrl(project.guid, result.data.guid, result.data.default_branch));
  };

  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6" data-testid="import-page">
      <nav className="muted text-sm">
        <Link to={codeBase(project.guid)} className="hover:underline">{t("list.title")}</Link>
      </nav>
      <section className="card p-6" data-testid="import-repo">
        <h3 className="mb-1 text-lg font-semibold">{t("import.title")}</h3>
        <p className="muted mb-4 text-sm">{t("import.intro")}</p>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {detail && <FormAlert tone="error">{detail}</FormAlert>}
          <Field label={t("import.url")} name="url" value={url} placeholder="https://example.com/team/app.git" onChange={(e) => setUrl(e.target.value)} error={errors.url} />
          <Field label={t("create.name")} name="name" value={name} placeholder={guessed} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <p className="muted text-sm">{t("import.private")}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("import.username")} name="username" value={username} autoComplete="off" onChange={(e) => setUsername(e.target.value)} error={errors.username} />
            <Field label={t("import.token")} name="token" type="password" value={token} autoComplete="new-password" onChange={(e) => setToken(e.target.value)} error={errors.token} />
          </div>
          <div className="flex items-center gap-3">
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {t("import.submit")}
            </button>
            {busy && (
              <span className="muted flex items-center gap-2 text-sm" role="status" data-testid="import-busy">
                <span className="h-1.5 w-32 overflow-hidden rounded-full bg-[var(--surface-2)]" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t("import.busy")}>
                  <span className="block h-full rounded-full bg-[var(--primary)] transition-[width]" style={{ width: `${Math.max(4, percent)}%` }} />
                </span>
                {t("import.busy")} {percent}%
              </span>
            )}
          </div>
        </form>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
