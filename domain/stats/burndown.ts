/**
 * A sprint's burndown, rebuilt from the activity log: start from every task's values now and
 * undo the logged changes of status, estimate and sprint, newest first, to learn what each
 * task looked like at the end of every sprint day. Pure: the stats service feeds it rows of
 * the `activity` table (see the activity-log contract), the unit tests feed it sentences.
 *
 * Days are calendar days in UTC: a change belongs to the day of its `createdAt` in UTC.
 */
import { z } from "zod";

const MS_PER_DAY = 86_400_000;

/** The three values a burndown depends on. */
export type Tracked = "status" | "estimate" | "sprint";
export type TrackedValues = Record<Tracked, unknown>;

export interface BurndownTask {
  guid: string;
  /** When the task came to exist (ms). */
  createdAt: number;
  /** When it was deleted (ms), for tasks only the log still knows. */
  deletedAt?: number | null;
  /** Its values now, or just before it was deleted. */
  values: TrackedValues;
}

/** One logged change of a tracked value (`updated` rows, one entry per changed field). */
export interface ValueChange {
  task: string;
  at: number;
  field: Tracked;
  from: unknown;
  to: unknown;
}

export interface BurndownInput {
  sprint: string;
  /** First and last day of the sprint, "YYYY-MM-DD". */
  start: string;
  end: string;
  /** The current moment (ms); days after its UTC day are in the future and stay empty. */
  now: number;
  /** Status options that count as done. */
  done: ReadonlySet<string>;
  tasks: readonly BurndownTask[];
  changes: readonly ValueChange[];
}

export interface BurndownDay {
  date: string;
  /** Estimate of the sprint's tasks not done at the end of the day; null for future days. */
  remaining_estimate: number | null;
  /** Number of those tasks; null for future days. */
  remaining_tasks: number | null;
  /** The straight line from the first day's scope down to zero on the last day. */
  ideal_estimate: number;
  ideal_tasks: number;
}

/** The longest sprint drawn, in days; a longer one is cut off there. */
export const BURNDOWN_MAX_DAYS = 366;

const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const estimateOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const round = (n: number) => Math.round(n * 100) / 100;

/** What the tasks of the sprint still hold in one state of the world. */
function remaining(state: Map<string, TrackedValues>, exists: (task: BurndownTask) => boolean, tasks: readonly BurndownTask[], input: BurndownInput) {
  let estimate = 0;
  let count = 0;
  for (const task of tasks) {
    if (!exists(task)) continue;
    const values = state.get(task.guid)!;
    if (values.sprint !== input.sprint) continue;
    if (typeof values.status === "string" && input.done.has(values.status)) continue;
    estimate += estimateOf(values.estimate);
    count += 1;
  }
  return { estimate: round(estimate), count };
}

/**
 * The burndown of one sprint, a point per day from `start` to `end`. A day's point is the
 * state at the end of that day (or now, for today); days after today have no point. The ideal
 * line starts from the first day's point (or from now, before the sprint has begun).
 */
export function burndown(input: BurndownInput): BurndownDay[] {
  const first = dayMs(input.start);
  const last = Math.min(dayMs(input.end), first + (BURNDOWN_MAX_DAYS - 1) * MS_PER_DAY);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) return [];
  const days: number[] = [];
  for (let ms = first; ms <= last; ms += MS_PER_DAY) days.push(ms);

  const state = new Map(input.tasks.map((t) => [t.guid, { ...t.values }]));
  const changes = input.changes.filter((c) => state.has(c.task)).sort((a, b) => b.at - a.at);
  const now = remaining(state, (t) => t.createdAt <= input.now && (t.deletedAt ?? Infinity) > input.now, input.tasks, input);

  // Walk back from the last day that has begun, undoing the changes made after each day's end.
  const points = new Map<number, { estimate: number; count: number }>();
  let next = 0;
  for (let i = days.length - 1; i >= 0; i--) {
    const dayStart = days[i]!;
    if (dayStart > input.now) continue;
    const moment = Math.min(dayStart + MS_PER_DAY - 1, input.now);
    while (next < changes.length && changes[next]!.at > moment) {
      const change = changes[next]!;
      state.get(change.task)![change.field] = change.from;
      next += 1;
    }
    points.set(dayStart, remaining(state, (t) => t.createdAt <= moment && (t.deletedAt ?? Infinity) > moment, input.tasks, input));
  }

  const start = points.get(first) ?? now;
  const span = days.length - 1;
  return days.map((ms, i) => {
    const point = points.get(ms);
    const share = span === 0 ? 1 : 1 - i / span;
    return {
      date: isoOf(ms),
      remaining_estimate: point ? point.estimate : null,
      remaining_tasks: point ? point.count : null,
      ideal_estimate: round(start.estimate * share),
      ideal_tasks: round(start.count * share),
    };
  });
}

/**
 * A deleted task's values just before it was deleted: for each field the last logged new
 * value, else the value it was created with, else none.
 */
export function valuesBeforeDeletion(created: Partial<TrackedValues>, changes: readonly ValueChange[]): TrackedValues {
  const values: TrackedValues = { status: created.status ?? null, estimate: created.estimate ?? null, sprint: created.sprint ?? null };
  for (const change of [...changes].sort((a, b) => a.at - b.at)) values[change.field] = change.to;
  return values;
}

/** The `detail` of an `updated` activity row (activity-log contract). */
export const updatedDetail = z.object({
  changes: z.array(z.object({ field: z.string(), slug: z.string().nullable().optional(), from: z.unknown().optional(), to: z.unknown().optional() })),
});

/** The `detail` of a `created` activity row (activity-log contract). */
export const createdDetail = z.object({
  values: z.array(z.object({ field: z.string(), slug: z.string().nullable().optional(), value: z.unknown().optional() })).optional().default([]),
});

/** Reads a stored detail: malformed rows (not JSON, wrong shape) read as nothing. */
export function readDetail<S extends z.ZodType>(schema: S, text: string): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
