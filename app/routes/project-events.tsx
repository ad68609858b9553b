import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useNavigate } from "react-router";
import { cloudflareContext } from "../../workers/context";
import type { ActivityRow } from "../../domain/activity/describe";
import { keepPushedOut, type OlderPages } from "../../domain/activity/older-pages";
import { Icon } from "../components/ui/icons";
import { useProjectLive } from "../features/planning/use-project-live";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useViewer } from "../features/shell/viewer";
import { loadEvents } from "../features/task/activity-data.server";
import { ActivityList } from "../features/task/activity-feed";
import { describeContext, mergeNaming } from "../features/task/naming";
import type { NamingData } from "../features/task/types";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/project-events";
import { useCoalescedReread } from "../lib/use-coalesced-reread";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  // When the rows were read: the live socket reads them again on opening only if the project
  // changed since (use-project-live.ts).
  const readAt = Date.now();
  return { ...(await loadEvents(request, env, params.guid)), readAt };
}

type Older = OlderPages<ActivityRow, NamingData>;

/** The list's filter, as one value. */
const filterKey = (actor: string | null, task: string | null) => `${actor ?? ""}/${task ?? ""}`;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "projects:nav.events" });
}

/** `/project/{guid}/events`: the project's activity log, newest first, grouped by day, filtered by person. */
export default function ProjectEvents({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("task");
  const project = useProject();
  const viewer = useViewer();
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof loader>();
  const actor = loaderData.state === "ok" ? loaderData.actor : null;
  const task = loaderData.state === "ok" ? loaderData.task : null;
  /** The address with one filter changed (and paging reset). */
  const withFilter = (name: "actor" | "task", value: string | null) => {
    const query = new URLSearchParams();
    if (actor && name !== "actor") query.set("actor", actor);
    if (task && name !== "task") query.set("task", task.guid);
    if (value) query.set(name, value);
    return `?${query.toString()}`;
  };
  // Pages loaded with "Load more", after the first page the loader gives.
  const [older, setOlder] = useState<Older>({ rows: [], next: null, naming: null });
  useEffect(() => setOlder({ rows: [], next: null, naming: null }), [actor, task?.guid]);
  // A page joins the list once, and only for the filter it was asked for. React Router reads a
  // fetcher's page again whenever the page's data is read again (a teammate's change): that
  // answer, or one that comes after the filter changed, would bring rows of another filter back.
  const shown = filterKey(actor, task?.guid ?? null);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    const page = fetcher.data;
    if (fetcher.state !== "idle" || !page || page.state !== "ok") return;
    if (asked.current !== shown || filterKey(page.actor, page.task?.guid ?? null) !== shown) return;
    asked.current = null;
    setOlder((o) => ({ rows: [...o.rows, ...page.rows], next: page.next, naming: o.naming ? mergeNaming(o.naming, page.naming) : page.naming }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a filter change alone brings no page
  }, [fetcher.data, fetcher.state]);
  // A first page read again after others' changes: the rows it pushed out stay before the older
  // pages (keepPushedOut).
  const firstPage = useRef({ data: loaderData, shown });
  useEffect(() => {
    const before = firstPage.current;
    firstPage.current = { data: loaderData, shown };
    if (before.shown !== shown || before.data === loaderData || before.data.state !== "ok" || loaderData.state !== "ok") return;
    const earlier = before.data;
    const now = loaderData.rows;
    const waiting = asked.current === shown;
    setOlder((o) => keepPushedOut(o, earlier, now, waiting, mergeNaming));
  }, [loaderData, shown]);
  // Others' changes write new rows: read the first page again.
  const reread = useCoalescedReread();
  useProjectLive(project.guid, viewer?.guid, reread, reread, loaderData.readAt);

  const participants = project.participants?.results ?? [];
  const people = useMemo(() => [...participants].sort((a, b) => a.name.localeCompare(b.name)), [participants]);
  const naming = loaderData.state === "ok" ? (older.naming ? mergeNaming(loaderData.naming, older.naming) : loaderData.naming) : null;
  const ctx = useMemo(() => (naming ? describeContext(naming, participants) : null), [naming, participants]);
  if (loaderData.state !== "ok" || !ctx) return <NoAccess />;

  const seen = new Set<string>();
  const rows = [...loaderData.rows, ...older.rows].filter((r) => !seen.has(r.guid) && seen.add(r.guid));
  const next = older.rows.length > 0 ? older.next : loaderData.next;
  const more = () => {
    asked.current = shown;
    const query = new URLSearchParams({ before: String(next) });
    if (actor) query.set("actor", actor);
    if (task) query.set("task", task.guid);
    fetcher.load(`/project/${project.guid}/events?${query.toString()}`);
  };

  return (
    <main className="mx-auto max-w-4xl px-4 py-6" data-testid="events-page">
      <div className="mb-5 flex flex-wrap items-end gap-4">
        <div className="flex-1">
          <h2 className="flex items-center gap-2 text-xl font-bold">
            <Icon name="history" size={20} />
            {t("activity.title")}
          </h2>
          <p className="muted mt-1 text-sm">{t("activity.intro")}</p>
        </div>
        <label className="flex flex-col gap-1 text-sm">
          <span className="label mb-0">{t("activity.person")}</span>
          <select
            className="input py-1.5 text-sm"
            value={actor ?? ""}
            onChange={(e) => void navigate(withFilter("actor", e.target.value || null), { replace: true, preventScrollReset: true })}
            data-testid="events-person"
          >
            <option value="">{t("activity.everyone")}</option>
            {people.map((p) => (
              <option key={p.guid} value={p.guid}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {task && (
        <p className="mb-3 flex items-center gap-2 text-sm" data-testid="events-task-filter">
          <span className="muted">{t("activity.onlyTask")}</span>
          <Link to={`/project/${project.guid}/issue/${task.guid}`} className="link">
            {task.number !== null ? `#${task.number} ${task.title}` : t("activity.deletedTask")}
          </Link>
          <Link to={withFilter("task", null)} replace className="muted rounded p-0.5 hover:bg-[var(--surface-2)]" aria-label={t("activity.clearTask")}>
            <Icon name="x" size={14} />
          </Link>
        </p>
      )}
      <div className="card px-5 py-3">
        {rows.length === 0 ? (
          <p className="muted py-8 text-center" data-testid="events-empty">
            {t("activity.empty")}
          </p>
        ) : (
          <ActivityList rows={rows} ctx={ctx} projectGuid={project.guid} serverNow={loaderData.now} />
        )}
      </div>
      <div className="mt-4 flex justify-center">
        {next !== null ? (
          <button type="button" className="btn" onClick={more} disabled={fetcher.state !== "idle"} data-testid="events-more">
            {fetcher.state !== "idle" ? t("activity.loading") : t("activity.loadMore")}
          </button>
        ) : (
          rows.length > 0 && <p className="muted text-sm">{t("activity.end")}</p>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("task");
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <section className="card p-6" data-testid="events-error-boundary">
        <p>{t("loadFailed")}</p>
      </section>
    </main>
  );
}
