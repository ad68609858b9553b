/**
 * The facts a retro bound to a sprint opens with (issue 16, "Retro in the loop"): what was
 * carried over, what was added after the start, the estimate done against the estimate
 * committed, and the estimates a poker room gave that were changed afterwards. Pure: the
 * service reads the sprint's tasks, the activity log's sprint moves and the poker rooms'
 * accepted estimates, and this file decides what they mean.
 */

/** A task as the facts show it. */
export interface FactTask {
  guid: string;
  number: number;
  title: string;
  /** The task's estimate now; null when it has none. */
  estimate: number | null;
  /** Its status is a done status. */
  done: boolean;
}

/** A task entering or leaving a sprint (its `sprint` field changing), from the activity log. */
export interface SprintMove {
  task: string;
  /** The sprint before; null when the task had none or was created by this write. */
  from: string | null;
  to: string | null;
  at: number;
}

/** An estimate a poker room wrote into a task. */
export interface PokerMark {
  task: string;
  value: number;
  at: number;
}

/** One log entry as the service reads it (`activity` rows of issues and of the sprint). */
export interface LogEntry {
  entity: string;
  action: string;
  detail: unknown;
  at: number;
}

export interface FactsInput {
  sprint: string;
  /** When the sprint started (ms); null: never started, nothing counts as added after it. */
  start: number | null;
  /** When the sprint was completed (ms); null while it is not. */
  completedAt: number | null;
  /** The tasks in the sprint's lane now (epics left out by the caller). */
  current: readonly string[];
  tasks: ReadonlyMap<string, FactTask>;
  moves: readonly SprintMove[];
  poker: readonly PokerMark[];
}

export interface EstimateChange {
  task: FactTask;
  /** What the poker room accepted last. */
  poker: number;
  /** The task's estimate now (null: cleared). */
  now: number | null;
}

export interface RetroFacts {
  /** Completed sprint: the unfinished tasks moved on at (or after) completion. Still open: the unfinished tasks in its lane. */
  carriedOver: FactTask[];
  /** Tasks whose last entry into the sprint came after it started. */
  added: FactTask[];
  estimate: {
    /** Estimate of the sprint's work that was in it at the start. */
    committed: number;
    /** Estimate of the work added after the start. */
    added: number;
    /** Estimate of the finished tasks. */
    done: number;
    /** Tasks of the sprint's work without an estimate. */
    unestimated: number;
  };
  accuracy: {
    /** Tasks of the sprint's work a poker room estimated. */
    estimated: number;
    /** Of those, the ones whose estimate changed after the poker room's. */
    changed: EstimateChange[];
  };
}

const isStr = (v: unknown): v is string => typeof v === "string";
const record = (v: unknown): Record<string, unknown> | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * The moves into and out of `sprint` in the log: a task created with the sprint set, or a
 * write changing its `sprint` field from or to it. Other entries are ignored; entries come back
 * oldest first.
 */
export function sprintMoves(entries: readonly LogEntry[], sprint: string): SprintMove[] {
  const moves: SprintMove[] = [];
  for (const e of entries) {
    const detail = record(e.detail);
    if (!detail) continue;
    if (e.action === "created" && Array.isArray(detail.values)) {
      const value = detail.values.map(record).find((v) => v?.slug === "sprint")?.value;
      if (value === sprint) moves.push({ task: e.entity, from: null, to: sprint, at: e.at });
    } else if (e.action === "updated" && Array.isArray(detail.changes)) {
      for (const c of detail.changes.map(record)) {
        if (c?.slug !== "sprint") continue;
        const from = isStr(c.from) ? c.from : null;
        const to = isStr(c.to) ? c.to : null;
        if (from === sprint || to === sprint) moves.push({ task: e.entity, from, to, at: e.at });
      }
    }
  }
  return moves.sort((a, b) => a.at - b.at);
}

/**
 * When the sprint started: the first time its status was set to active in the log, else the
 * start of its start date (UTC), else null.
 */
export function sprintStart(entries: readonly LogEntry[], startDate: string | null): number | null {
  let first: number | null = null;
  for (const e of entries) {
    const changes = record(e.detail)?.changes;
    if (e.action !== "updated" || !Array.isArray(changes)) continue;
    if (changes.map(record).some((c) => c?.field === "status" && c.to === "active") && (first === null || e.at < first)) first = e.at;
  }
  if (first !== null) return first;
  const parsed = startDate ? Date.parse(`${startDate}T00:00:00Z`) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/** The facts of one sprint; tasks the caller could not find (deleted since) are left out. */
export function retroFacts(input: FactsInput): RetroFacts {
  const { sprint, tasks } = input;
  const current = new Set(input.current);
  const lastMove = new Map<string, SprintMove>();
  const lastEntry = new Map<string, SprintMove>();
  for (const m of input.moves) {
    lastMove.set(m.task, m);
    if (m.to === sprint) lastEntry.set(m.task, m);
  }
  const found = (ids: Iterable<string>) => [...ids].map((id) => tasks.get(id)).filter((t): t is FactTask => t !== undefined);
  const byNumber = (a: FactTask, b: FactTask) => a.number - b.number;

  let carriedOver: FactTask[];
  if (input.completedAt !== null) {
    const completedAt = input.completedAt;
    const left = [...lastMove.values()].filter((m) => m.from === sprint && m.to !== sprint && m.at >= completedAt && !current.has(m.task)).map((m) => m.task);
    carriedOver = found(left);
  } else {
    carriedOver = found(current).filter((t) => !t.done);
  }
  const work = [...found(current), ...carriedOver.filter((t) => !current.has(t.guid))];
  const start = input.start;
  const addedIds = new Set(start === null ? [] : work.filter((t) => (lastEntry.get(t.guid)?.at ?? -Infinity) > start).map((t) => t.guid));

  const sum = (list: FactTask[]) => list.reduce((total, t) => total + (t.estimate ?? 0), 0);
  const lastPoker = new Map<string, PokerMark>();
  for (const mark of input.poker) {
    const seen = lastPoker.get(mark.task);
    if (!seen || mark.at >= seen.at) lastPoker.set(mark.task, mark);
  }
  const estimatedInPoker = work.filter((t) => lastPoker.has(t.guid));
  const changed = estimatedInPoker
    .filter((t) => t.estimate !== lastPoker.get(t.guid)!.value)
    .sort(byNumber)
    .map((t) => ({ task: t, poker: lastPoker.get(t.guid)!.value, now: t.estimate }));

  return {
    carriedOver: carriedOver.sort(byNumber),
    added: work.filter((t) => addedIds.has(t.guid)).sort(byNumber),
    estimate: {
      committed: sum(work.filter((t) => !addedIds.has(t.guid))),
      added: sum(work.filter((t) => addedIds.has(t.guid))),
      done: sum(found(current).filter((t) => t.done)),
      unestimated: work.filter((t) => t.estimate === null).length,
    },
    accuracy: { estimated: estimatedInPoker.length, changed },
  };
}
