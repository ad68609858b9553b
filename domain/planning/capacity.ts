/**
 * The planning loop's arithmetic: a sprint's capacity from its people's availability, the
 * load of a lane against it, velocity from completed sprints, and a Monte Carlo forecast of
 * when the remaining work ends. Every number is in the unit of the project's estimate field
 * (points or hours): the loop never converts between them.
 */
import { fnv1a } from "../fnv";

/** One participant's availability in a sprint: the share of their time (0–100 %) and days off. */
export interface Availability {
  user: string;
  share: number;
  days_off: number;
}

/** How a lane's load stands against its capacity. */
export type LoadLevel = "under" | "full" | "over";

/** A lane at 85 % of its capacity or more is full; above 100 % it is overcommitted. */
export const FULL_AT = 0.85;

/** Completed sprints velocity is averaged over by default (the most recent ones). */
export const VELOCITY_WINDOW = 3;

const DAY = 86_400_000;
const parseDay = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Working days (Monday to Friday) from `start` to `end`, both included; 0 when reversed. */
export function workingDays(start: string, end: string): number {
  let count = 0;
  for (let day = parseDay(start), last = parseDay(end); day <= last; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

/** Person-days the team gives the sprint: each person's working days less days off, times their share. */
export function personDays(team: readonly Availability[], days: number): number {
  let total = 0;
  for (const member of team) total += Math.max(0, days - member.days_off) * (Math.min(100, Math.max(0, member.share)) / 100);
  return round2(total);
}

/**
 * Estimate units the team finishes per available person-day, learnt from completed sprints
 * whose availability was recorded; null before there is any such sprint.
 */
export function focusFactor(history: readonly { done: number; personDays: number }[]): number | null {
  const known = history.filter((h) => h.personDays > 0);
  if (known.length === 0) return null;
  const done = known.reduce((sum, h) => sum + h.done, 0);
  const days = known.reduce((sum, h) => sum + h.personDays, 0);
  return round2(done / days);
}

/** Capacity from availability: person-days times the focus factor (one unit per person-day before any history). */
export function capacityFromAvailability(team: readonly Availability[], days: number, focus: number | null): number {
  return round2(personDays(team, days) * (focus ?? 1));
}

/** A lane's load against its capacity, or nothing when the sprint has no capacity. */
export function loadOf(load: number, capacity: number | null): { level: LoadLevel; ratio: number; left: number } | null {
  if (capacity === null || !(capacity > 0)) return null;
  const ratio = load / capacity;
  const level: LoadLevel = ratio > 1 ? "over" : ratio >= FULL_AT ? "full" : "under";
  return { level, ratio: round2(ratio), left: round2(capacity - load) };
}

/** Velocity over the last `window` completed sprints (given oldest first): their mean and range. */
export function velocityOf(done: readonly number[], window = VELOCITY_WINDOW): { samples: number[]; mean: number | null; min: number | null; max: number | null } {
  const samples = done.slice(-window);
  if (samples.length === 0) return { samples, mean: null, min: null, max: null };
  return { samples, mean: round2(samples.reduce((a, b) => a + b, 0) / samples.length), min: Math.min(...samples), max: Math.max(...samples) };
}

/** A small seeded random source (mulberry32): the same seed gives the same forecast. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Forecast {
  /** Sprints needed in half of the simulated futures, and in 85 % of them. */
  sprints50: number;
  sprints85: number;
  /** The end dates those counts give, counted in sprint lengths from `from`. */
  p50: string;
  p85: string;
}

/** Simulated futures per forecast; 2,000 keeps the 85th percentile steady to about a sprint. */
export const FORECAST_RUNS = 2000;
/** A future that needs more sprints than this is not a forecast any more. */
const MAX_SPRINTS = 200;

/**
 * When `remaining` work ends, as Monte Carlo forecasting answers it: each simulated future
 * draws every sprint's velocity from the completed sprints' velocities until the work is done.
 * Null without remaining work, without history, or when no sprint ever finished anything.
 */
export function forecastEnd(input: { remaining: number; samples: readonly number[]; sprintDays: number; from: string; share?: number; random: () => number; runs?: number }): Forecast | null {
  return forecastEnds({ ...input, thresholds: [input.remaining] })[0]!;
}

/**
 * When each of several amounts of work, done one after the other, is finished: the same
 * simulated futures answer them all, each future running until the largest amount is done.
 * `thresholds[i]` is the work up to and including the i-th milestone (an epic's last open task
 * in board order), so the forecasts can never overtake each other. A future draws exactly as
 * `forecastEnd` does for the largest threshold, so with the same seed the last milestone gets
 * the same dates as the open work as a whole. Null for a threshold of no work. With `share`,
 * the first sprint is one already under way (see `forecastStart`): its draw is scaled to the
 * part of it still left.
 */
export function forecastEnds(input: { thresholds: readonly number[]; samples: readonly number[]; sprintDays: number; from: string; share?: number; random: () => number; runs?: number }): (Forecast | null)[] {
  const samples = input.samples.filter((s) => s > 0);
  const most = Math.max(0, ...input.thresholds.filter((t) => Number.isFinite(t)));
  if (!(most > 0) || samples.length === 0 || !(input.sprintDays > 0)) return input.thresholds.map(() => null);
  const runs = input.runs ?? FORECAST_RUNS;
  const share = input.share !== undefined && input.share > 0 && input.share <= 1 ? input.share : 1;
  // The milestones from the smallest, so one pass through a future passes each in turn.
  const order = input.thresholds.map((t, i) => ({ t, i })).filter(({ t }) => t > 0).sort((a, b) => a.t - b.t);
  const counts = input.thresholds.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    let done = 0;
    let sprints = 0;
    let next = 0;
    while (next < order.length && sprints < MAX_SPRINTS) {
      // The first sprint may be one already running: only its share still left is to come.
      done += samples[Math.floor(input.random() * samples.length)]! * (sprints === 0 ? share : 1);
      sprints += 1;
      while (next < order.length && done >= order[next]!.t) counts[order[next++]!.i]!.push(sprints);
    }
    // A future past MAX_SPRINTS ends every milestone left there.
    for (; next < order.length; next++) counts[order[next]!.i]!.push(sprints);
  }
  const start = parseDay(input.from);
  return counts.map((list) => {
    if (list.length === 0) return null;
    list.sort((a, b) => a - b);
    const at = (p: number) => list[Math.min(list.length - 1, Math.ceil(p * list.length) - 1)]!;
    const sprints50 = at(0.5);
    const sprints85 = at(0.85);
    return { sprints50, sprints85, p50: isoDay(start + sprints50 * input.sprintDays * DAY), p85: isoDay(start + sprints85 * input.sprintDays * DAY) };
  });
}

/** Calendar days of a sprint from its dates (both included), or null when they are missing. */
export function sprintLength(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const days = (parseDay(end) - parseDay(start)) / DAY + 1;
  return days > 0 ? days : null;
}

/** A sprint as `forecastStart` reads it. */
export interface RunningSprintCandidate {
  status: string;
  backlog?: boolean;
  archived?: boolean;
  start_date: string | null;
  end_date: string | null;
}

/** Where a forecast's first sprint begins, and how much of it is still to come. */
export interface ForecastStart {
  /** The day the simulated sprints count from: sprint n ends `n` sprint lengths after it. */
  from: string;
  /** The part of the first sprint still to come (1 for a whole sprint). */
  share: number;
}

/**
 * A forecast starts from the sprint that is running, not from today: the first simulated sprint
 * is the rest of it (ending on its last day, with the share of its days still left from today
 * on, today included), and the next ones follow its end. A running sprint is an active one, not
 * archived, whose dates hold today (the earliest ending, if several). Without one the forecast
 * starts today with a whole sprint.
 */
export function forecastStart(input: { today: string; sprintDays: number; sprints: readonly RunningSprintCandidate[] }): ForecastStart {
  const running = input.sprints
    .filter((s) => s.status === "active" && !s.backlog && !s.archived && s.end_date && s.end_date >= input.today && (!s.start_date || s.start_date <= input.today))
    .sort((a, b) => (a.end_date! < b.end_date! ? -1 : a.end_date! > b.end_date! ? 1 : 0))[0];
  if (!running || !(input.sprintDays > 0)) return { from: input.today, share: 1 };
  const length = sprintLength(running.start_date, running.end_date) ?? input.sprintDays;
  const left = (parseDay(running.end_date!) - parseDay(input.today)) / DAY + 1;
  return { from: isoDay(parseDay(running.end_date!) - input.sprintDays * DAY), share: Math.min(1, left / length) };
}

/** Sprint length assumed before any completed sprint has dates (two weeks, Scrum's usual). */
export const DEFAULT_SPRINT_DAYS = 14;

/** A stable seed from a text (FNV-1a): a project's forecast does not flicker between reads. */
export function seedOf(text: string): number {
  return fnv1a(text);
}

export interface CompletedSprint {
  guid: string;
  title: string;
  /** Estimate of the sprint's tasks that were done. */
  done: number;
  start_date: string | null;
  end_date: string | null;
}

export interface LoopFigures {
  velocity: { sprints: { guid: string; title: string; done: number }[]; mean: number | null; min: number | null; max: number | null };
  /** The open work as a whole: what is left, how many tasks have no estimate (a risk), and when it ends. */
  forecast: { remaining: number; unestimated: number; sprint_days: number; end: Forecast | null };
}

/**
 * Velocity from the completed sprints (oldest first) and the forecast of the open work from
 * the running sprint among `sprints` (else `today`, see `forecastStart`), each sprint as long as the completed ones were (their median), seeded by `seed`.
 */
export function loopFigures(input: { completed: readonly CompletedSprint[]; remaining: number; unestimated: number; today: string; seed: number; sprints?: readonly RunningSprintCandidate[] }): LoopFigures {
  const velocity = velocityOf(input.completed.map((s) => s.done));
  const { sprint_days: sprintDays } = paceOf(input.completed);
  const start = forecastStart({ today: input.today, sprintDays, sprints: input.sprints ?? [] });
  const remaining = round2(input.remaining);
  return {
    velocity: { sprints: input.completed.slice(-VELOCITY_WINDOW).map(({ guid, title, done }) => ({ guid, title, done: round2(done) })), mean: velocity.mean, min: velocity.min, max: velocity.max },
    forecast: { remaining, unestimated: input.unestimated, sprint_days: sprintDays, end: forecastEnd({ remaining, samples: velocity.samples, sprintDays, ...start, random: seededRandom(input.seed) }) },
  };
}

/** What a forecast needs from history: the velocities it draws from and how long a sprint lasts. */
export interface Pace {
  /** Done estimate of the last completed sprints (VELOCITY_WINDOW of them), oldest first. */
  samples: number[];
  /** Calendar days of a sprint: the median of the completed sprints' lengths. */
  sprint_days: number;
}

/** The pace of completed sprints (oldest first): the last velocities and the median sprint length. */
export function paceOf(completed: readonly CompletedSprint[]): Pace {
  const lengths = completed.map((s) => sprintLength(s.start_date, s.end_date)).filter((n): n is number => n !== null).sort((a, b) => a - b);
  return {
    samples: velocityOf(completed.map((s) => round2(s.done))).samples,
    sprint_days: lengths.length ? lengths[Math.floor((lengths.length - 1) / 2)]! : DEFAULT_SPRINT_DAYS,
  };
}

/** A task as velocity reads it: the sprint it names, whether it is done, its estimate. */
export interface SprintWork {
  sprint: string | null;
  done: boolean;
  estimate: number | null;
}

/**
 * The completed sprints, oldest first (by end date where both have one, else by board order),
 * each with the estimate of its tasks that are done: what velocity is made of.
 */
export function completedSprints(sprints: readonly { guid: string; title: string; status: string; backlog: boolean; sort: number; start_date: string | null; end_date: string | null }[], work: readonly SprintWork[]): CompletedSprint[] {
  const done = new Map<string, number>();
  for (const task of work) if (task.done && task.sprint && task.estimate !== null) done.set(task.sprint, (done.get(task.sprint) ?? 0) + task.estimate);
  return sprints
    .filter((s) => !s.backlog && s.status === "completed")
    .sort((a, b) => (a.end_date && b.end_date ? a.end_date.localeCompare(b.end_date) : 0) || a.sort - b.sort)
    .map((s) => ({ guid: s.guid, title: s.title, done: round2(done.get(s.guid) ?? 0), start_date: s.start_date, end_date: s.end_date }));
}

/** The capacity velocity suggests for the next sprint: the mean of the last completed sprints, or null before any. */
export const suggestedCapacity = (pace: Pace): number | null => velocityOf(pace.samples).mean;

/**
 * A lane's load while a task is carried over the board: what it would be after the drop. A lane
 * the task would leave loses its estimate, the lane it would land in gains it; any other lane,
 * a move within one lane or a task without an estimate changes nothing (null).
 */
export function loadAfterDrop(input: { lane: string; load: number; from: string; to: string | null; estimate: number | null }): number | null {
  if (input.to === null || input.from === input.to || input.estimate === null || input.estimate === 0) return null;
  if (input.lane === input.to) return round2(input.load + input.estimate);
  if (input.lane === input.from) return round2(input.load - input.estimate);
  return null;
}
