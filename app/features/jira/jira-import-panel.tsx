import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { IMPORT_KINDS } from "../../../domain/jira/import-plan";
import { eraseTokenSet } from "../../../domain/jira/token-schedule";
import { useHub } from "../hub/hub-provider";
import { useApi } from "../shell/errors";
import { type ImportListItem, JiraImportList } from "./jira-import-list";
import { JiraSyncControls, type SyncSchedule, type UnmatchedPerson } from "./jira-sync-controls";
import { JIRA_RETURN_KEY, useJiraTokens } from "./jira-tokens";

/** The report lists this many problems; the rest are counted. */
const SHOWN_PROBLEMS = 50;

interface Preview {
  projects: { key: string; name: string; count: number }[];
  fields: { jira: string; name: string; to: string | null }[];
  /** The site's people; `matched`: a participant here has their address. */
  people: { account_id: string; name: string; email: string; matched: boolean }[];
}

interface Report {
  guid: string;
  phase: string;
  total: number;
  counts: Record<string, number>;
  problems: { key?: string; url?: string; reason: string }[];
  schedule: SyncSchedule | null;
  unmatched_people: UnmatchedPerson[];
}

/**
 * "Import from Jira" (issue 14): connect, choose projects (with counts and how fields map),
 * watch the progress bar fed by the user hub, read the report.
 */
export function JiraImportPanel({ projectGuid }: { projectGuid: string }) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const [tokens, setTokens] = useJiraTokens();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [jql, setJql] = useState("");
  const [search] = useSearchParams();
  // `?import=` opens that run's progress (the new project's screen after starting into it).
  const [importGuid, setImportGuid] = useState<string | null>(search.get("import"));
  const [report, setReport] = useState<Report | null>(null);
  const [imports, setImports] = useState<ImportListItem[]>([]);
  /** Into this project, or into a new one of this name. */
  const [newProject, setNewProject] = useState<string | null>(null);
  /** Unmatched Jira people to invite as the import starts; the others are kept as text. */
  const [invite, setInvite] = useState<string[]>([]);
  const { state: hub } = useHub();
  const navigate = useNavigate();

  useEffect(() => {
    if (!tokens?.cloudId || preview) return;
    void api<Preview>("POST", "/v1/jira/preview", { jira_token: tokens.token, jira_cloudID: tokens.cloudId, project: projectGuid }).then((r) => r.data && setPreview(r.data));
  }, [tokens, preview, api, projectGuid]);

  const live = importGuid ? hub.jiraImports[importGuid] : undefined;
  // The list is the server's: every import of the project, also those of other sessions. A run
  // still going (started elsewhere, or into this new project) opens by itself.
  useEffect(() => {
    void api<{ imports: ImportListItem[] }>("GET", `/v1/project/${projectGuid}/jira/imports`).then((r) => {
      if (!r.data) return;
      setImports(r.data.imports);
      const running = r.data.imports.find((i) => i.phase !== "done" && i.phase !== "failed");
      if (running) setImportGuid((current) => current ?? running.guid);
    });
  }, [projectGuid, live?.phase]); // eslint-disable-line react-hooks/exhaustive-deps
  // The hub pushes each step; the report is read when the run ends (and once on a reload).
  useEffect(() => {
    if (!importGuid) return;
    if (live && live.phase !== "done" && live.phase !== "failed" && report) return;
    void api<Report>("GET", `/v1/project/${projectGuid}/jira/import/${importGuid}`).then((r) => r.data && setReport(r.data));
  }, [importGuid, live?.phase, live?.counts.issues]); // eslint-disable-line react-hooks/exhaustive-deps

  const connect = async () => {
    const r = await api<{ url: string }>("POST", "/v1/jira/authorize");
    if (!r.data) return;
    window.sessionStorage.setItem(JIRA_RETURN_KEY, window.location.pathname);
    window.location.assign(r.data.url);
  };
  const start = async () => {
    if (!tokens?.cloudId) return;
    const body = {
      jira_token: tokens.token,
      jira_refresh_token: tokens.refreshToken,
      jira_cloudID: tokens.cloudId,
      projects: chosen,
      ...(jql.trim() ? { jql: jql.trim() } : {}),
      ...(invite.length ? { invite } : {}),
    };
    if (newProject !== null) {
      const r = await api<{ guid: string; project: string }>("POST", "/v1/jira/import", { ...body, project_name: newProject });
      // The new project's own screen shows the run.
      if (r.data) navigate(`/project/${r.data.project}/settings/jira?import=${r.data.guid}`);
      return;
    }
    const r = await api<{ guid: string }>("POST", `/v1/project/${projectGuid}/jira/import`, body);
    if (r.data) setImportGuid(r.data.guid);
  };
  const list = <JiraImportList imports={imports} current={importGuid} onOpen={(guid) => { setReport(null); setImportGuid(guid); }} />;
  const unmatched = preview?.people.filter((p) => !p.matched) ?? [];
  const disconnect = () => {
    eraseTokenSet(window.localStorage);
    setTokens(null);
    setPreview(null);
  };

  /** `kind:detail` from the report, in the reader's language. */
  const reasonText = (reason: string) => {
    const [kind = "", ...rest] = reason.split(":");
    return t(`jira.reasons.${kind.startsWith("jira_http") ? "http" : kind}`, { detail: rest.join(":") || kind, defaultValue: reason });
  };
  const phase = live?.phase ?? report?.phase;
  const total = live?.total ?? report?.total ?? 0;
  const counts = live?.counts ?? report?.counts ?? {};
  const handled = (counts.issues ?? 0) + (counts.unchanged ?? 0) + (counts.trashed ?? 0);
  const percent = phase === "done" ? 100 : total ? Math.min(99, Math.round((handled / total) * 100)) : 0;

  if (!tokens) {
    return (
      <div className="grid gap-4">
      <section className="card grid gap-3 p-6" data-testid="jira-connect">
        <h2 className="text-lg font-semibold">{t("jira.title")}</h2>
        <p className="muted text-sm">{t("jira.intro")}</p>
        <div>
          <button type="button" className="btn btn-primary" onClick={() => void connect()} data-testid="jira-connect-button">
            {t("jira.connect")}
          </button>
        </div>
      </section>
      {list}
      </div>
    );
  }

  if (importGuid) {
    return (
      <div className="grid gap-4">
      <section className="card grid gap-4 p-6" data-testid="jira-progress">
        <h2 className="text-lg font-semibold">{phase === "done" ? t("jira.finished") : phase === "failed" ? t("jira.failed") : t("jira.running")}</h2>
        <div className="h-3 w-full overflow-hidden rounded-full bg-[var(--surface-2)]" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t("jira.progress")}>
          <div className="h-full bg-[var(--primary)] transition-all" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm" data-testid="jira-progress-text">{t("jira.progressText", { done: handled, total })}</p>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          {IMPORT_KINDS.map((k) => (
            <div key={k} className="flex justify-between gap-2">
              <dt className="muted">{t(`jira.kinds.${k}`)}</dt>
              <dd data-testid={`jira-count-${k}`}>{counts[k] ?? 0}</dd>
            </div>
          ))}
        </dl>
        {phase === "done" || phase === "failed" ? (
          <>
            {report && report.problems.length > 0 && (
              <details>
                <summary className="cursor-pointer text-sm">{t("jira.problems", { count: report.problems.length })}</summary>
                <ul className="mt-2 grid gap-1 text-sm">
                  {report.problems.slice(0, SHOWN_PROBLEMS).map((p, i) => (
                    <li key={i}>
                      {p.url ? (
                        <a className="link" href={p.url} target="_blank" rel="noreferrer noopener">
                          {p.key}
                        </a>
                      ) : null}{" "}
                      <span className="muted">{reasonText(p.reason)}</span>
                    </li>
                  ))}
                  {report.problems.length > SHOWN_PROBLEMS && <li className="muted">{t("jira.more", { count: report.problems.length - SHOWN_PROBLEMS })}</li>}
                </ul>
              </details>
            )}
            {phase === "done" && report?.phase === "done" && <JiraSyncControls projectGuid={projectGuid} importGuid={importGuid} schedule={report.schedule} people={report.unmatched_people} />}
            <div>
              <Link to={`/project/${projectGuid}/taskboard`} className="btn btn-primary" data-testid="jira-open-board">
                {t("jira.openBoard")}
              </Link>
            </div>
          </>
        ) : null}
      </section>
      {list}
      </div>
    );
  }

  return (
    <div className="grid gap-4">
    <section className="card grid gap-4 p-6" data-testid="jira-choose">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("jira.choose")}</h2>
        <button type="button" className="btn" onClick={disconnect}>
          {t("jira.disconnect")}
        </button>
      </div>
      {!preview ? (
        <p className="muted text-sm">{t("jira.loading")}</p>
      ) : (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("jira.projects")}</legend>
            {preview.projects.map((p) => (
              <label key={p.key} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={chosen.includes(p.key)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, p.key] : c.filter((k) => k !== p.key)))}
                  data-testid={`jira-project-${p.key}`}
                />
                <span className="font-medium">{p.key}</span> <span>{p.name}</span>
                <span className="muted">{t("jira.issues", { count: p.count })}</span>
              </label>
            ))}
          </fieldset>
          <label className="grid gap-1 text-sm">
            <span className="font-medium">{t("jira.jql")}</span>
            <input className="input" value={jql} onChange={(e) => setJql(e.target.value)} placeholder='status != "Done"' maxLength={1000} />
          </label>
          <details>
            <summary className="cursor-pointer text-sm font-medium">{t("jira.mapping")}</summary>
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th className="py-1">{t("jira.jiraField")}</th>
                  <th className="py-1">{t("jira.here")}</th>
                </tr>
              </thead>
              <tbody>
                {preview.fields.map((f) => (
                  <tr key={f.jira} className="border-t border-[var(--border)]">
                    <td className="py-1">{f.name}</td>
                    <td className="py-1">{f.to ?? <span className="muted">{t("jira.notImported")}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <fieldset className="grid gap-2 text-sm">
            <legend className="mb-1 font-medium">{t("jira.target.label")}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="jira-target" checked={newProject === null} onChange={() => setNewProject(null)} />
              {t("jira.target.this")}
            </label>
            <label className="flex flex-wrap items-center gap-2">
              <input type="radio" name="jira-target" checked={newProject !== null} onChange={() => setNewProject(preview.projects.find((p) => chosen.includes(p.key))?.name ?? "")} data-testid="jira-target-new" />
              {t("jira.target.new")}
              {newProject !== null && (
                <input className="input max-w-xs" value={newProject} onChange={(e) => setNewProject(e.target.value)} maxLength={120} aria-label={t("jira.target.name")} data-testid="jira-target-name" />
              )}
            </label>
          </fieldset>
          {unmatched.length > 0 && (
            <fieldset className="grid gap-2 text-sm" data-testid="jira-choose-people">
              <legend className="mb-1 font-medium">{t("jira.choosePeople.label")}</legend>
              <p className="muted">{t("jira.choosePeople.intro")}</p>
              {unmatched.map((p) => (
                <label key={p.account_id} className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{p.name}</span>
                  <span className="muted">{p.email}</span>
                  <select
                    className="input w-auto"
                    value={invite.includes(p.account_id) ? "invite" : "text"}
                    onChange={(e) => setInvite((list) => (e.target.value === "invite" ? [...list, p.account_id] : list.filter((id) => id !== p.account_id)))}
                    aria-label={p.name}
                    data-testid={`jira-person-${p.account_id}`}
                  >
                    <option value="text">{t("jira.choosePeople.text")}</option>
                    <option value="invite">{t("jira.choosePeople.invite")}</option>
                  </select>
                </label>
              ))}
            </fieldset>
          )}
          <div>
            <button type="button" className="btn btn-primary" disabled={chosen.length === 0 || newProject?.trim() === ""} onClick={() => void start()} data-testid="jira-start">
              {t("jira.start", { count: preview.projects.filter((p) => chosen.includes(p.key)).reduce((n, p) => n + p.count, 0) })}
            </button>
          </div>
        </>
      )}
    </section>
    {list}
    </div>
  );
}
