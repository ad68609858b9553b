import { useTranslation } from "react-i18next";
import { Suspense } from "react";
import { Await, Link } from "react-router";
import { optionLabel } from "../../domain/fields/types";
import { currentSprint, groupActivity, myOpenTasks, upcomingSprints } from "../../domain/planning/overview";
import { formatDate, formatDateRange } from "../../domain/time/format";
import { cloudflareContext } from "../../workers/context";
import { i18nFor, languageOf } from "../../workers/services/i18n";
import { projectOverviewPage } from "../../workers/services/pages/overview";
import { Avatar } from "../components/ui/avatar";
import { Icon } from "../components/ui/icons";
import { signedInViewer } from "../features/projects/project-data.server";
import { useProject } from "../features/projects/use-project";
import type { Route } from "./+types/project-overview";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await signedInViewer(request, env);
  // Streamed: the page (what the project is, who is in it) shows at once and the sprint,
  // tasks, activity and rooms follow. "Today" is the server's UTC day, read once, so the
  // page and its hydration agree.
  const overview = projectOverviewPage(env, viewer.guid, params.guid, i18nFor(languageOf(request)).t).then((page) => page && { ...page, viewer: viewer.guid, now: Date.now() });
  return { overview };
}

const MY_TASKS = 8;
const UPCOMING = 3;
const ACTIVITY_GROUPS = 8;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `/project/{guid}`: where the project stands (sprint, my tasks, what happened, what comes), what it is and who is in it. */
export default function ProjectOverview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("projects");
  const project = useProject();
  const team = project.participants?.results ?? [];
  const rights = project.access.root ? "root" : project.access.write ? "write" : "read";
  const base = `/project/${project.guid}`;
  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="flex min-w-0 flex-col gap-6">
        <Suspense fallback={<p className="muted text-sm">{t("overview.loading")}</p>}>
          <Await resolve={loaderData.overview}>{(data) => data && <WhereWeAre data={data} base={base} lng={i18n.language} />}</Await>
        </Suspense>
        <section className="card p-6">
          <h2 className="text-lg font-semibold">{t("overview.about")}</h2>
          <p className={`mt-2 whitespace-pre-line ${project.description ? "" : "muted"}`}>{project.description || t("overview.noDescription")}</p>
          <p className="muted mt-6 text-sm" data-testid="my-rights">
            {t(`overview.rights.${rights}`)}
          </p>
        </section>
      </div>
      <aside className="flex min-w-0 flex-col gap-6">
        <Suspense fallback={null}>
          <Await resolve={loaderData.overview}>{(data) => data && <OpenRooms rooms={data.rooms} base={base} />}</Await>
        </Suspense>
        <section className="card p-6">
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
        </section>
      </aside>
    </main>
  );
}

type Data = NonNullable<Awaited<Route.ComponentProps["loaderData"]["overview"]>>;

function WhereWeAre({ data, base, lng }: { data: Data; base: string; lng: string }) {
  const { t } = useTranslation("projects");
  const today = utcDay(data.now);
  const done = new Set(data.done);
  const sprint = currentSprint(data.sprints, done, today);
  const mine = myOpenTasks(data.sprints, done, data.viewer, MY_TASKS);
  const upcoming = upcomingSprints(data.sprints, today, UPCOMING);
  const statusOf = (guid: string | null) => data.statuses.find((o) => o.guid === guid);
  const percent = sprint && sprint.total > 0 ? Math.round((sprint.done / sprint.total) * 100) : 0;
  return (
    <>
      <section className="card p-6" data-testid="overview-sprint">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{t("overview.sprint.title")}</h2>
          <Link to={`${base}/taskboard?view=planning`} className="link text-sm">
            {t("overview.sprint.open")}
          </Link>
        </div>
        {sprint ? (
          <div className="mt-3 flex flex-col gap-2">
            <p className="font-medium">{sprint.title}</p>
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-[var(--surface-2)]"
              role="progressbar"
              aria-label={t("overview.sprint.progress")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="h-full rounded-full bg-[var(--success)]" style={{ width: `${percent}%` }} />
            </div>
            <p className="muted flex flex-wrap gap-x-4 text-sm">
              <span data-testid="overview-sprint-done">{t("overview.sprint.done", { done: sprint.done, count: sprint.total })}</span>
              {sprint.daysLeft !== null && (
                <span data-testid="overview-sprint-days">
                  {sprint.daysLeft >= 0 ? t("overview.sprint.daysLeft", { count: sprint.daysLeft }) : t("overview.sprint.overdue", { count: -sprint.daysLeft })}
                </span>
              )}
            </p>
          </div>
        ) : (
          <p className="muted mt-2 text-sm">{t("overview.sprint.none")}</p>
        )}
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section className="card p-6" data-testid="overview-mine">
          <h2 className="text-lg font-semibold">{t("overview.mine.title")}</h2>
          {mine.length === 0 ? (
            <p className="muted mt-2 text-sm">{t("overview.mine.none")}</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {mine.map((task) => {
                const status = statusOf(task.status);
                return (
                  <li key={task.guid} className="flex min-w-0 items-center gap-2 text-sm">
                    <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: status?.color ?? "var(--border)" }} aria-hidden="true" />
                    <Link to={`${base}/issue/${task.guid}`} className="min-w-0 flex-1 truncate hover:underline">
                      <span className="muted tabular-nums">#{task.number}</span> {task.title}
                    </Link>
                    {status && <span className="muted shrink-0 text-xs">{optionLabel(status)}</span>}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section className="card p-6" data-testid="overview-upcoming">
          <h2 className="text-lg font-semibold">{t("overview.upcoming.title")}</h2>
          {upcoming.length === 0 ? (
            <p className="muted mt-2 text-sm">{t("overview.upcoming.none")}</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {upcoming.map((s) => (
                <li key={s.guid} className="flex min-w-0 flex-col text-sm">
                  <span className="truncate font-medium">{s.title}</span>
                  <span className="muted text-xs">
                    {s.start_date || s.end_date ? formatDateRange(s.start_date, s.end_date, lng) : t("overview.upcoming.undated")} · {t("overview.upcoming.tasks", { count: s.tasks.length })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <ActivityGroups data={data} base={base} lng={lng} />
    </>
  );
}

/** Recent activity, one line per person and day ("Ann · created 60 tasks, 3 edits"). */
function ActivityGroups({ data, base, lng }: { data: Data; base: string; lng: string }) {
  const { t } = useTranslation("projects");
  const today = utcDay(data.now);
  const yesterday = utcDay(data.now - 86_400_000);
  const entries = data.activity.map((a) => ({ ...a, action: a.entity_kind === "sprint" ? "sprint" : a.action }));
  const groups = groupActivity(entries, utcDay).slice(0, ACTIVITY_GROUPS);
  const known = ["created", "updated", "deleted", "restored", "comment_added", "sprint"];
  const dayLabel = (day: string) => (day === today ? t("overview.activity.today") : day === yesterday ? t("overview.activity.yesterday") : formatDate(day, lng, "UTC"));
  return (
    <section className="card p-6" data-testid="overview-activity">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("overview.activity.title")}</h2>
        <Link to={`${base}/events`} className="link text-sm">
          {t("overview.activity.all")}
        </Link>
      </div>
      {groups.length === 0 ? (
        <p className="muted mt-2 text-sm">{t("overview.activity.none")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {groups.map((g) => {
            const other = g.actions.filter((a) => !known.includes(a.action)).reduce((n, a) => n + a.count, 0);
            const parts = [...g.actions.filter((a) => known.includes(a.action)).map((a) => t(`overview.activity.actions.${a.action}`, { count: a.count })), ...(other ? [t("overview.activity.actions.other", { count: other })] : [])];
            const named = g.entities.map((id) => data.tasks[id]).filter((x): x is { number: number; title: string } => Boolean(x)).slice(0, 3);
            return (
              <li key={`${g.actor?.guid ?? ""}|${g.day}`} className="flex min-w-0 gap-3 text-sm" data-testid="overview-activity-group">
                <Icon name="clock" size={16} className="muted mt-0.5 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p>
                    <span className="font-medium">{g.actor?.name ?? t("overview.activity.someone")}</span> · {parts.join(", ")}
                  </p>
                  {named.length > 0 && <p className="muted truncate text-xs">{named.map((n) => `#${n.number} ${n.title}`).join(" · ")}</p>}
                </div>
                <span className="muted shrink-0 text-xs">{dayLabel(g.day)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function OpenRooms({ rooms, base }: { rooms: Data["rooms"]; base: string }) {
  const { t } = useTranslation("projects");
  return (
    <section className="card p-6" data-testid="overview-rooms">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("overview.rooms.title")}</h2>
        <Link to={`${base}/rooms`} className="link text-sm">
          {t("overview.rooms.all")}
        </Link>
      </div>
      {rooms.length === 0 ? (
        <p className="muted mt-2 text-sm">{t("overview.rooms.none")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {rooms.slice(0, 5).map((r) => (
            <li key={r.guid} className="flex min-w-0 items-center gap-2 text-sm">
              <Icon name={r.kind === "poker" ? "cards" : "cycle"} size={16} className="muted shrink-0" />
              <Link to={r.url} className="min-w-0 flex-1 truncate hover:underline">
                {r.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
