/**
 * The stats page: a sprint picker, the sprint's burndown, tasks per status and per assignee,
 * and the estimate of every sprint. Every chart has its data as a table beside it.
 */
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { StatsView } from "../../../workers/services/stats";
import { ChartCard, DataTable, useMounted } from "./chart-card";
import { AssigneeChart, BurndownChart, SprintChart, StatusChart, VelocityChart } from "./charts";
import { formatDate, formatDayMonth } from "../../../domain/time/format";

type Metric = "estimate" | "tasks";

const number = (lng: string) => new Intl.NumberFormat(lng, { maximumFractionDigits: 2 });

function SprintPicker({ stats, onPick }: { stats: StatsView; onPick: (sprint: string | null) => void }) {
  const { t } = useTranslation("stats");
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="muted text-sm font-medium">
        {t("sprintPicker")}
      </label>
      <select id={id} className="input w-auto py-1.5 text-sm" value={stats.sprint?.guid ?? ""} onChange={(e) => onPick(e.target.value || null)} data-testid="sprint-picker">
        {!stats.sprint && <option value="">{t("noSprintChosen")}</option>}
        {stats.sprints.map((s) => (
          <option key={s.guid} value={s.guid}>
            {[s.title, s.status === "active" ? t("active") : null, s.archived ? t("archived") : null].filter(Boolean).join(" · ")}
          </option>
        ))}
      </select>
    </div>
  );
}

function Burndown({ stats, projectGuid }: { stats: StatsView; projectGuid: string }) {
  const { t, i18n } = useTranslation("stats");
  const fmt = number(i18n.language);
  const hasEstimates = (stats.burndown ?? []).some((p) => (p.remaining_estimate ?? 0) > 0 || p.ideal_estimate > 0);
  const [chosen, setMetric] = useState<Metric | null>(null);
  const metric: Metric = chosen ?? (hasEstimates ? "estimate" : "tasks");
  const mounted = useMounted();
  // Burndown days are UTC days (the server's rule); the today marker follows them.
  const today = mounted ? new Date().toISOString().slice(0, 10) : null;
  const sprint = stats.sprint;
  const title = sprint ? t("burndown.titleOf", { sprint: sprint.title }) : t("burndown.title");
  let empty: ReactNode = null;
  if (!sprint) {
    empty = (
      <span>
        {t("burndown.noSprint")}{" "}
        <Link to={`/project/${projectGuid}/taskboard?view=planning`} className="link">
          {t("burndown.toPlanning")}
        </Link>
      </span>
    );
  } else if (!stats.burndown || stats.burndown.length === 0) empty = t("burndown.noDates");
  const points = (stats.burndown ?? []).map((p) => ({
    date: p.date,
    label: formatDayMonth(p.date, i18n.language),
    remaining: metric === "estimate" ? p.remaining_estimate : p.remaining_tasks,
    ideal: metric === "estimate" ? p.ideal_estimate : p.ideal_tasks,
  }));
  const dash = t("futureDay");
  return (
    <ChartCard
      title={title}
      testId="chart-burndown"
      className="lg:col-span-2"
      empty={empty}
      controls={
        <div role="radiogroup" aria-label={t("burndown.metric")} className="inline-flex rounded-lg border border-[var(--border)] p-0.5">
          {(["estimate", "tasks"] as Metric[]).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={metric === m}
              onClick={() => setMetric(m)}
              className={`rounded-md px-2.5 py-1 text-xs font-medium ${metric === m ? "bg-[var(--primary)] text-[var(--primary-text)]" : "muted hover:text-[var(--text)]"}`}
              data-testid={`burndown-metric-${m}`}
            >
              {t(`burndown.${m}`)}
            </button>
          ))}
        </div>
      }
      chart={<BurndownChart data={points} today={today} names={{ remaining: t("burndown.remaining"), ideal: t("burndown.ideal"), today: t("burndown.today") }} />}
      table={
        <DataTable
          caption={title}
          columns={[t("burndown.date"), t("burndown.remainingEstimate"), t("burndown.idealEstimate"), t("burndown.remainingTasks"), t("burndown.idealTasks")]}
          rows={(stats.burndown ?? []).map((p) => [
            formatDayMonth(p.date, i18n.language),
            p.remaining_estimate === null ? dash : fmt.format(p.remaining_estimate),
            fmt.format(p.ideal_estimate),
            p.remaining_tasks === null ? dash : fmt.format(p.remaining_tasks),
            fmt.format(p.ideal_tasks),
          ])}
        />
      }
    />
  );
}

export function StatsPage({ stats, missing, projectGuid, onPick }: { stats: StatsView; missing: boolean; projectGuid: string; onPick: (sprint: string | null) => void }) {
  const { t, i18n } = useTranslation("stats");
  const fmt = number(i18n.language);
  const statusTotal = stats.by_status.reduce((n, s) => n + s.count, 0);
  const statuses = stats.by_status.map((s) => ({ name: s.label ?? t("status.none"), value: s.count, fill: s.color ?? "color-mix(in srgb, var(--muted) 40%, transparent)" }));
  const people = stats.by_assignee.map((p) => ({
    name: p.guid === null ? t("assignee.unassigned") : (p.name ?? t("assignee.unknown")),
    value: p.count,
    fill: p.guid === null ? "var(--muted)" : (p.color ?? "var(--primary)"),
  }));
  const sprints = stats.by_sprint.map((s) => ({ name: s.title, done: s.done, notDone: s.not_done }));
  return (
    <main className="mx-auto max-w-6xl px-4 py-6" data-testid="stats-page">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <div className="ml-auto">
          <SprintPicker stats={stats} onPick={onPick} />
        </div>
      </div>
      {missing && (
        <p className="card mb-4 px-4 py-2.5 text-sm" role="status" data-testid="sprint-missing">
          {t("sprintMissing")}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Burndown stats={stats} projectGuid={projectGuid} />
        <ChartCard
          title={t("status.title")}
          testId="chart-status"
          empty={statusTotal === 0 ? t("status.empty") : null}
          chart={<StatusChart data={statuses} total={t("status.total", { count: statusTotal })} />}
          table={<DataTable caption={t("status.title")} columns={[t("status.status"), t("status.tasks")]} rows={statuses.map((s) => [s.name, fmt.format(s.value)])} />}
        />
        <ChartCard
          title={t("assignee.title")}
          testId="chart-assignee"
          empty={people.length === 0 ? t("assignee.empty") : null}
          height={Math.max(200, people.length * 40 + 40)}
          chart={<AssigneeChart data={people} name={t("assignee.tasks")} />}
          table={<DataTable caption={t("assignee.title")} columns={[t("assignee.person"), t("assignee.tasks")]} rows={people.map((p) => [p.name, fmt.format(p.value)])} />}
        />
        <ChartCard
          title={t("sprints.title")}
          testId="chart-sprints"
          className="lg:col-span-2"
          empty={sprints.length === 0 ? t("sprints.empty") : null}
          chart={<SprintChart data={sprints} names={{ done: t("sprints.done"), notDone: t("sprints.notDone") }} />}
          table={
            <DataTable
              caption={t("sprints.title")}
              columns={[t("sprints.sprint"), t("sprints.done"), t("sprints.notDone"), t("sprints.doneTasks"), t("sprints.openTasks")]}
              rows={stats.by_sprint.map((s) => [s.title, fmt.format(s.done), fmt.format(s.not_done), fmt.format(s.done_tasks), fmt.format(s.not_done_tasks)])}
            />
          }
        />
      </div>
      <Loop stats={stats} />
      <p className="muted mt-4 text-xs">{t("epicsNote")}</p>
    </main>
  );
}

/** Velocity of the last completed sprints and the forecast of the open work (the planning loop). */
function Loop({ stats }: { stats: StatsView }) {
  const { t, i18n } = useTranslation("stats");
  const fmt = number(i18n.language);
  const { velocity, forecast } = stats.loop;
  const day = (iso: string) => formatDate(iso, i18n.language);
  const bars = velocity.sprints.map((s) => ({ name: s.title, done: s.done }));
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <ChartCard
        title={t("velocity.title")}
        testId="chart-velocity"
        empty={bars.length === 0 ? t("velocity.empty") : null}
        chart={<VelocityChart data={bars} mean={velocity.mean} names={{ done: t("velocity.done"), mean: t("velocity.mean", { value: fmt.format(velocity.mean ?? 0) }) }} />}
        table={<DataTable caption={t("velocity.title")} columns={[t("sprints.sprint"), t("velocity.done")]} rows={bars.map((b) => [b.name, fmt.format(b.done)])} />}
      />
      <section className="card flex flex-col gap-3 p-4" aria-labelledby="forecast-title" data-testid="forecast">
        <h3 id="forecast-title" className="font-semibold">
          {t("forecast.title")}
        </h3>
        <p className="text-sm" data-testid="forecast-remaining">
          {t("forecast.remaining", { value: fmt.format(forecast.remaining) })}
          {forecast.unestimated > 0 && <span className="ml-1 font-medium text-amber-700 dark:text-amber-300">{t("forecast.unestimated", { count: forecast.unestimated })}</span>}
        </p>
        {forecast.end ? (
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-md bg-[var(--surface-2)] p-3">
              <dt className="muted text-xs">{t("forecast.likely")}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid="forecast-p50">
                {day(forecast.end.p50)}
              </dd>
              <dd className="muted text-xs">{t("forecast.sprints", { count: forecast.end.sprints50 })}</dd>
            </div>
            <div className="rounded-md bg-[var(--surface-2)] p-3">
              <dt className="muted text-xs">{t("forecast.safe")}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid="forecast-p85">
                {day(forecast.end.p85)}
              </dd>
              <dd className="muted text-xs">{t("forecast.sprints", { count: forecast.end.sprints85 })}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted text-sm" data-testid="forecast-none">
            {forecast.remaining > 0 ? t("forecast.noHistory") : t("forecast.nothingLeft")}
          </p>
        )}
        <p className="muted text-xs">{t("forecast.how", { days: forecast.sprint_days })}</p>
      </section>
    </div>
  );
}
