/**
 * The roadmap's data, apart from its drawing: the board's tasks as roadmap items (with the
 * dates changed here but not yet confirmed), grouped by epic or sprint, each epic's forecast,
 * the sprint bands and the timeline's range. `roadmap.tsx` draws what this returns.
 */
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { seedOf } from "../../../domain/planning/capacity";
import {
  type Day,
  formatDay,
  type GroupBy,
  groupRoadmap,
  parseDay,
  type RoadmapGroup,
  scheduleOf,
  type Span,
  timelineRange,
  type Zoom,
} from "../../../domain/planning/roadmap";
import { roadmapForecast } from "../../../domain/planning/roadmap-forecast";
import { estimateOf } from "../../../domain/planning/totals";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import type { RoadmapItem } from "./roadmap-bar";
import type { SprintBand } from "./roadmap-header";
import type { ViewProps } from "./types";

/** A date change made here: `settled` once the server confirmed it, until fresh board data. */
export type Override = { span: Span; settled: boolean };
export type Line<T> = { kind: "group"; group: RoadmapGroup<T & RoadmapItem> } | { kind: "task"; item: T & RoadmapItem; span: Span; marker: boolean };

export function useRoadmapModel({ projectGuid, board, definitions, pace, overrides, group, zoom, today }: Pick<ViewProps, "projectGuid" | "board" | "definitions" | "pace"> & {
  overrides: Map<string, Override>;
  group: GroupBy;
  zoom: Zoom;
  /** Null until mounted (today exists only in the browser): no forecast, no range. */
  today: Day | null;
}) {
  const { t } = useTranslation("views");
  const field = useCallback((slug: string) => definitions.find((d) => d.slug === slug), [definitions]);
  const ids = useMemo(
    () => ({
      title: field("title")?.guid,
      start: field("start_date")?.guid,
      end: field("end_date")?.guid,
      epic: field("epic")?.guid,
      sprint: field("sprint")?.guid,
      status: field("status"),
      type: field("issue_type"),
      estimate: field("estimate")?.guid,
    }),
    [field],
  );

  const items = useMemo(() => {
    const valueOf = (task: BoardTaskView, guid: string | undefined) => (guid ? task.custom_fields.find((c) => c.guid === guid)?.value : undefined);
    const epicGuids = new Set(board.epics.map((e) => e.guid));
    const toItem = (task: BoardTaskView): RoadmapItem => {
      const isEpic = epicGuids.has(task.guid);
      const optionColor = (f: typeof ids.status) => f?.settings.values_set.find((o) => o.guid === valueOf(task, f.guid))?.color ?? null;
      const override = overrides.get(task.guid);
      const epic = valueOf(task, ids.epic);
      const sprint = valueOf(task, ids.sprint);
      return {
        guid: task.guid,
        number: task.number,
        title: String(valueOf(task, ids.title) ?? "") || t("roadmap.untitled"),
        color: isEpic ? optionColor(ids.type) : optionColor(ids.status),
        isEpic,
        start: override ? formatDay(override.span.start) : valueOf(task, ids.start),
        end: override ? formatDay(override.span.end) : valueOf(task, ids.end),
        epic: typeof epic === "string" ? epic : null,
        sprint: typeof sprint === "string" ? sprint : null,
      };
    };
    return { tasks: [...board.sprints.flatMap((s) => s.issues), ...board.epics].map(toItem), epics: board.epics.map(toItem) };
  }, [board, ids, overrides, t]);

  const { groups, unscheduled } = useMemo(() => groupRoadmap(items.tasks, group, { epics: items.epics, sprints: board.sprints }), [items, group, board.sprints]);
  // Each epic's plan: its own end date, else the last end date of its tasks (dragged bars
  // included). Kept as the same array while the ends stay the same, so a bar moved by keys does
  // not run the forecast again.
  const plannedKey = useMemo(() => {
    const own = new Map<string, number>();
    const ofTasks = new Map<string, number>();
    for (const item of items.tasks) {
      const schedule = scheduleOf(item.start, item.end);
      if (schedule.kind === "none") continue;
      if (item.isEpic) own.set(item.guid, schedule.span.end);
      else if (item.epic) ofTasks.set(item.epic, Math.max(ofTasks.get(item.epic) ?? -Infinity, schedule.span.end));
    }
    return JSON.stringify(
      items.epics.map((e) => {
        const end = own.get(e.guid) ?? ofTasks.get(e.guid);
        return { guid: e.guid, planned: end === undefined ? null : formatDay(end) };
      }),
    );
  }, [items]);
  const planned = useMemo(() => JSON.parse(plannedKey) as { guid: string; planned: string | null }[], [plannedKey]);
  // The forecast: recomputed from the board the view is given, so every read after anyone's
  // change (an estimate accepted in poker included) moves it.
  const forecast = useMemo(() => {
    if (today === null) return null;
    const done = new Set(ids.status?.settings.values_set.filter((o) => o.key === "done").map((o) => o.guid) ?? []);
    const valueOf = (task: BoardTaskView, guid: string | undefined) => (guid ? task.custom_fields.find((c) => c.guid === guid)?.value : undefined);
    const lanes = board.sprints.map((s) => ({
      backlog: s.backlog,
      status: s.status,
      archived: s.archived,
      start_date: s.start_date,
      end_date: s.end_date,
      tasks: s.issues.map((task) => {
        const epic = valueOf(task, ids.epic);
        const status = valueOf(task, ids.status?.guid);
        return { epic: typeof epic === "string" ? epic : null, estimate: ids.estimate ? estimateOf(task, ids.estimate) : null, done: typeof status === "string" && done.has(status) };
      }),
    }));
    return roadmapForecast({ lanes, epics: planned, pace, today: formatDay(today), seed: seedOf(projectGuid) });
  }, [board.sprints, ids, planned, pace, projectGuid, today]);
  const sprintBands: SprintBand[] = useMemo(
    () =>
      board.sprints.flatMap((s) => {
        const schedule = s.backlog ? ({ kind: "none" } as const) : scheduleOf(s.start_date, s.end_date);
        return schedule.kind === "bar" ? [{ guid: s.guid, title: s.title, span: schedule.span, active: s.status === "active" }] : [];
      }),
    [board.sprints],
  );
  const lines = useMemo(() => groups.flatMap((group): Line<RoadmapItem>[] => [{ kind: "group", group }, ...group.rows.map((r) => ({ kind: "task" as const, item: r.task, span: r.span, marker: r.marker }))]), [groups]);
  // Each epic's forecast on its group row, from the median to the 85 % date (epic grouping).
  const ahead = useMemo(() => {
    const spans = new Map<string, { span: Span; p50: string; p85: string; standing: string | null }>();
    if (group !== "epic") return spans;
    for (const e of forecast?.epics ?? []) {
      const start = e.end ? parseDay(e.end.p50) : null;
      const end = e.end ? parseDay(e.end.p85) : null;
      if (e.end && start !== null && end !== null) spans.set(e.guid, { span: { start, end }, p50: e.end.p50, p85: e.end.p85, standing: e.standing });
    }
    return spans;
  }, [forecast, group]);
  const range = useMemo(
    () =>
      today === null
        ? null
        : timelineRange(
            [
              ...groups.flatMap((g) => [g.span, ...g.rows.map((r) => r.span), ...(ahead.has(g.id) ? [ahead.get(g.id)!.span] : [])]).filter((s): s is Span => s !== null),
              ...sprintBands.map((s) => s.span),
            ],
            today,
            zoom,
          ),
    [groups, sprintBands, ahead, today, zoom],
  );

  return { ids, items, groups, unscheduled, forecast, sprintBands, lines, ahead, range };
}
