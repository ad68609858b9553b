/**
 * The retro's facts (the planning loop, issue 16): for a retro bound to a sprint, a column of
 * read-only cards computed from the sprint (carried over, added after the start, estimate done
 * vs committed, the burndown, poker estimates changed afterwards) and the previous bound retro's action items
 * with their tasks' status now. Read from `GET /rooms/{rid}/facts`, again whenever a task of the
 * project changes or this retro's action items become tasks, so statuses stay live.
 */
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BurndownFact } from "../../../../domain/rooms/retro-burndown";
import type { ActionTaskView, LoopTask, RetroFactsView } from "../../../../workers/services/retro-loop";
import { Chip } from "../../../components/ui/chip";
import { Icon, type IconName } from "../../../components/ui/icons";
import { useProjectLive } from "../../planning/use-project-live";
import { useApi } from "../../shell/errors";
import type { RetroParts } from "./types";

/**
 * The facts of the retro: null until read, and for guests (who never see the project's tasks).
 * Read again when `exported` (how many of the room's notes are tasks) changes, and by `reload`.
 */
export function useRetroFacts(parts: RetroParts): { facts: RetroFactsView | null; reload: () => void; member: string | null } {
  const { room } = parts;
  const api = useApi();
  const member = room.you && room.you.guest === false ? room.you.member : null;
  const exported = parts.view.notes.filter((n) => n.exported).length;
  const [facts, setFacts] = useState<RetroFactsView | null>(null);
  const load = useCallback(async () => {
    if (!member) return;
    const result = await api<RetroFactsView>("GET", `/v1/rooms/${room.guid}/facts`, undefined, { quiet: true });
    if (result.data) setFacts(result.data);
  }, [api, member, room.guid]);
  useEffect(() => {
    void load();
  }, [load, exported]);
  return { facts: member ? facts : null, reload: () => void load(), member };
}

/**
 * Reads the facts again whenever a task of the project changes (statuses stay live); project
 * people only. One's own changes count too: the retro shows nothing of them before the read.
 * Also each time the socket opens: a change made between the facts' read (in the browser, with
 * no server clock to compare) and the socket's opening was told to nobody.
 */
export function FactsLive({ project, onChange }: { project: string; onChange: () => void }) {
  useProjectLive(
    project,
    undefined,
    (message) => {
      if (message.type === "tasks_changed") onChange();
    },
    onChange,
  );
  return null;
}

function TaskLine({ task, project, aside }: { task: LoopTask; project: string; aside?: ReactNode }) {
  return (
    <li className="flex items-center gap-2 text-sm" data-testid="fact-task" data-task={task.guid} data-done={task.done ? "true" : "false"}>
      <Link to={`/project/${project}/issue/${task.guid}`} className="min-w-0 flex-1 truncate hover:underline">
        <span className="muted tabular-nums">#{task.number}</span> {task.title}
      </Link>
      {aside}
    </li>
  );
}

function StatusOf({ task }: { task: LoopTask }) {
  return task.status ? <Chip label={task.status.label} color={task.status.color} testId="fact-status" /> : null;
}

function FactCard({ icon, title, count, children, testId }: { icon: IconName; title: string; count?: number; children: ReactNode; testId: string }) {
  return (
    <section className="rounded-xl border border-[var(--border)] bg-[var(--surface)] p-3 shadow-sm" data-testid={testId}>
      <h4 className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
        <span className="muted" aria-hidden="true">
          <Icon name={icon} size={15} />
        </span>
        {title}
        {count !== undefined && <span className="ml-auto rounded-full bg-[var(--surface-2)] px-2 text-xs tabular-nums">{count}</span>}
      </h4>
      {children}
    </section>
  );
}

/**
 * The remaining estimate per day as a small line over the sprint's whole length (a sprint
 * completed early leaves the rest of the axis empty), the ideal line from the first day's
 * scope to zero on the last day dashed under it, a zero baseline and the first and last day
 * under the corners. Drawn in a stretched viewBox: strokes keep their width by
 * `vector-effect`, so the card's width decides the line's, not its height.
 */
function Sparkline({ burndown, from, to, label }: { burndown: BurndownFact; from: string | null; to: string | null; label: string }) {
  const { i18n } = useTranslation();
  const { series, days } = burndown;
  const width = 100;
  const height = 40;
  const top = Math.max(...series, 1);
  const span = Math.max(days, series.length) - 1;
  const x = (i: number) => (span === 0 ? width / 2 : (i / span) * width);
  const y = (v: number) => 2 + (1 - v / top) * (height - 4);
  // A single day is a short stroke with round caps (Chromium draws no cap on a zero-length line).
  const points =
    series.length === 1 ? `${x(0).toFixed(2)},${y(series[0]!).toFixed(2)} ${(x(0) + 1.5).toFixed(2)},${y(series[0]!).toFixed(2)}` : series.map((v, i) => `${x(i).toFixed(2)},${y(v).toFixed(2)}`).join(" ");
  const day = new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" });
  const dayOf = (iso: string | null) => (iso ? day.format(new Date(`${iso}T00:00:00Z`)) : "");
  const stroke = { vectorEffect: "non-scaling-stroke" } as const;
  return (
    <figure className="m-0">
      <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="block h-12 w-full overflow-visible" data-testid="fact-burndown-line" data-points={series.length} data-days={days}>
        <line x1={0} y1={y(0)} x2={width} y2={y(0)} stroke="var(--border)" strokeWidth={1} style={stroke} />
        <line x1={x(0)} y1={y(series[0]!)} x2={x(span)} y2={y(0)} stroke="var(--muted)" strokeWidth={1.25} strokeDasharray="4 3" style={stroke} data-testid="fact-burndown-ideal" />
        <polyline points={points} fill="none" stroke="var(--primary)" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" style={stroke} />
      </svg>
      <figcaption className="muted mt-0.5 flex justify-between text-[11px] tabular-nums" aria-hidden="true">
        <span>{dayOf(from)}</span>
        <span>{dayOf(to)}</span>
      </figcaption>
    </figure>
  );
}

/** The facts column, for a retro bound to a sprint. */
export function FactsColumn({ facts, project }: { facts: RetroFactsView; project: string }) {
  const { t } = useTranslation("retro");
  const { sprint, facts: f, last_actions: last } = facts;
  if (!sprint || !f) return null;
  const none = <p className="muted text-sm">{t("facts.none")}</p>;
  const list = (tasks: LoopTask[], aside?: (task: LoopTask) => ReactNode) =>
    tasks.length === 0 ? (
      none
    ) : (
      <ul className="flex flex-col gap-1">
        {tasks.map((task) => (
          <TaskLine key={task.guid} task={task} project={project} aside={aside?.(task)} />
        ))}
      </ul>
    );
  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-[var(--surface-2)] p-3" aria-labelledby="retro-facts" data-testid="retro-facts" data-sprint={sprint.guid}>
      <header className="border-t-4 border-[var(--primary)] pt-2">
        <h3 id="retro-facts" className="font-semibold">
          {t("facts.title")}
        </h3>
        <p className="muted text-xs">
          {t("facts.sprint", { title: sprint.title })} · {t(`facts.status.${sprint.status}`)}
        </p>
      </header>
      <FactCard icon="flag" title={t("facts.estimate")} testId="fact-estimate">
        <p className="text-sm" data-testid="fact-estimate-done">
          {t("facts.doneOf", { done: f.estimate.done, committed: f.estimate.committed + f.estimate.added })}
        </p>
        <p className="muted text-xs">
          {t("facts.committed", { committed: f.estimate.committed, added: f.estimate.added })}
          {f.estimate.unestimated > 0 && <> · {t("facts.unestimated", { count: f.estimate.unestimated })}</>}
        </p>
      </FactCard>
      {f.burndown && (
        <FactCard icon="sortDown" title={t("facts.burndown")} testId="fact-burndown">
          <Sparkline burndown={f.burndown} from={sprint.start_date} to={sprint.end_date} label={t("facts.burndownLabel", { start: f.burndown.start, end: f.burndown.end })} />
          <p className="muted text-xs">{t("facts.burndownText", { start: f.burndown.start, end: f.burndown.end })}</p>
        </FactCard>
      )}
      <FactCard icon="exchange" title={t("facts.carriedOver")} count={f.carried_over.length} testId="fact-carried-over">
        {list(f.carried_over)}
      </FactCard>
      <FactCard icon="plus" title={t("facts.added")} count={f.added.length} testId="fact-added">
        {list(f.added)}
      </FactCard>
      <FactCard icon="cards" title={t("facts.accuracy")} testId="fact-accuracy">
        <p className="muted mb-1 text-xs" data-testid="fact-accuracy-summary">
          {f.accuracy.estimated === 0 ? t("facts.noPoker") : t("facts.changedOf", { count: f.accuracy.changed.length, estimated: f.accuracy.estimated })}
        </p>
        {f.accuracy.changed.length > 0 && (
          <ul className="flex flex-col gap-1">
            {f.accuracy.changed.map((c) => (
              <TaskLine key={c.task.guid} task={c.task} project={project} aside={<span className="text-xs font-semibold tabular-nums">{t("facts.fromTo", { from: c.poker, to: c.now ?? "—" })}</span>} />
            ))}
          </ul>
        )}
      </FactCard>
      <FactCard icon="cycle" title={t("facts.lastActions")} count={last?.items.length} testId="fact-last-actions">
        {last ? (
          <>
            <p className="muted mb-1 text-xs">
              <Link to={last.room.url} className="hover:underline">
                {last.room.title}
              </Link>
            </p>
            {list(last.items, (task) => <StatusOf task={task} />)}
          </>
        ) : (
          <p className="muted text-sm">{t("facts.noLastRetro")}</p>
        )}
      </FactCard>
    </section>
  );
}

/** The tasks this retro's action items became, by note, for the actions panel's live status. */
export function actionTasksByNote(facts: RetroFactsView | null): Map<string, ActionTaskView> {
  return new Map((facts?.actions ?? []).map((a) => [a.note, a]));
}
