/**
 * The roadmap's forecast: when each epic and the open work as a whole end, from the remaining
 * estimates and the velocity of completed sprints (the Monte Carlo of ./capacity), next to the
 * end the plan gives them. The board's order is the plan: the team works down the sprint lanes
 * that are still open, in their order, then the backlog from the top; an epic ends when its last
 * open task in that order is done. Tasks without an estimate cannot be forecast: they are
 * counted, as a risk.
 */
import { type Forecast, type Pace, forecastEnds, forecastStart, seededRandom } from "./capacity";

/** A task as the forecast reads it. */
export interface ForecastTask {
  /** The epic it belongs to (its `epic` field), if any. */
  epic: string | null;
  estimate: number | null;
  done: boolean;
}

/** A sprint lane of the board, in board order, with its tasks in lane order. */
export interface ForecastLane {
  backlog: boolean;
  status: string;
  archived: boolean;
  /** The sprint's first day: with its last, how much of a running sprint is left. */
  start_date?: string | null;
  end_date: string | null;
  tasks: readonly ForecastTask[];
}

/** How a forecast stands against the plan: late when even the median ends after it, at risk when the 85 % date does. */
export type ForecastStanding = "on_track" | "at_risk" | "late";

export interface WorkForecast {
  /** Estimate of the open tasks. */
  remaining: number;
  /** Open tasks without an estimate: work the dates do not include. */
  unestimated: number;
  /** The end the plan gives ("YYYY-MM-DD"), if any. */
  planned: string | null;
  end: Forecast | null;
  /** Null without a planned end or a forecast. */
  standing: ForecastStanding | null;
}

export interface RoadmapForecast {
  /** The open work as a whole; its plan is the end of the last open sprint with dates. */
  total: WorkForecast;
  /** Epics in the order given, each with its open work and its forecast. */
  epics: (WorkForecast & { guid: string })[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Late, at risk or on track: the forecast's dates against the planned end. */
export function standingOf(planned: string | null, end: Forecast | null): ForecastStanding | null {
  if (!planned || !end) return null;
  if (end.p50 > planned) return "late";
  if (end.p85 > planned) return "at_risk";
  return "on_track";
}

const isOpenSprint = (l: ForecastLane) => !l.backlog && !l.archived && l.status !== "completed";

/**
 * The lanes in the order the work is done: open sprints as on the board, then the backlog, then
 * whatever is left open elsewhere (archived or completed sprints), so all open work counts.
 */
export function workOrder<L extends ForecastLane>(lanes: readonly L[]): L[] {
  return [...lanes.filter(isOpenSprint), ...lanes.filter((l) => l.backlog), ...lanes.filter((l) => !l.backlog && !isOpenSprint(l))];
}

/**
 * Forecasts every epic (in `epics`' order, each with its planned end) and the open work as a
 * whole from the running sprint (else `today`, see `forecastStart`), seeded by `seed`: the same board always gives the same dates, and the
 * whole matches the stats page's forecast of the same work on the same day.
 */
export function roadmapForecast(input: {
  lanes: readonly ForecastLane[];
  epics: readonly { guid: string; planned: string | null }[];
  pace: Pace;
  today: string;
  seed: number;
}): RoadmapForecast {
  const known = new Set(input.epics.map((e) => e.guid));
  const perEpic = new Map(input.epics.map((e) => [e.guid, { remaining: 0, unestimated: 0, through: 0 }]));
  let remaining = 0;
  let unestimated = 0;
  const lanes = workOrder(input.lanes);
  for (const lane of lanes) {
    for (const task of lane.tasks) {
      if (task.done) continue;
      const epic = task.epic && known.has(task.epic) ? perEpic.get(task.epic)! : null;
      if (task.estimate === null) {
        unestimated += 1;
        if (epic) epic.unestimated += 1;
        continue;
      }
      remaining += task.estimate;
      if (epic && task.estimate > 0) {
        epic.remaining += task.estimate;
        // The work done before this epic's last task is, and the task itself.
        epic.through = remaining;
      }
    }
  }
  const epics = input.epics.map((e) => ({ guid: e.guid, planned: e.planned, ...perEpic.get(e.guid)! }));
  const ends = forecastEnds({
    thresholds: [round2(remaining), ...epics.map((e) => (e.remaining > 0 ? round2(e.through) : 0))],
    samples: input.pace.samples,
    sprintDays: input.pace.sprint_days,
    ...forecastStart({ today: input.today, sprintDays: input.pace.sprint_days, sprints: input.lanes.map((l) => ({ ...l, start_date: l.start_date ?? null })) }),
    random: seededRandom(input.seed),
  });
  const sprintEnds = lanes.filter((l) => isOpenSprint(l) && l.end_date).map((l) => l.end_date!);
  const planned = sprintEnds.length ? sprintEnds.reduce((a, b) => (a > b ? a : b)) : null;
  const total: WorkForecast = { remaining: round2(remaining), unestimated, planned, end: ends[0]!, standing: standingOf(planned, ends[0]!) };
  return {
    total,
    epics: epics.map((e, i) => ({ guid: e.guid, remaining: round2(e.remaining), unestimated: e.unestimated, planned: e.planned, end: ends[i + 1]!, standing: standingOf(e.planned, ends[i + 1]!) })),
  };
}
