/**
 * Where tasks go on the planning board and the task board (spec §4). Pure: the boards, the
 * API and the live channel all place tasks with these functions.
 */

/** The epic lane numbers its tasks (index + 1) · 1000 (spec §9: epic sort step 1000). */
export const EPIC_SORT_STEP = 1000;

export interface PlacedTask {
  guid: string;
  sort: number;
  position: number;
  /** Option guid of the task's issue type, if any. */
  issueType: string | null;
  /** Guid of the sprint named in the task's sprint field, if any. */
  sprint: string | null;
}

export interface SprintLane<T> {
  guid: string;
  issues: T[];
}

export interface PlanningBoard<T> {
  /** Sprints in order; the first is the backlog. */
  sprints: SprintLane<T>[];
  epics: T[];
}

/** Which lane a task belongs to: `"epic"`, a sprint guid, or the backlog's guid. */
export function laneOf(task: Pick<PlacedTask, "issueType" | "sprint">, epicType: string | null, sprintGuids: readonly string[]): string {
  if (epicType !== null && task.issueType === epicType) return "epic";
  if (task.sprint && sprintGuids.includes(task.sprint)) return task.sprint;
  return sprintGuids[0] ?? "";
}

/**
 * Places every task: epics to the epic lane, others to the sprint their field names, or the
 * backlog (the first sprint) when it names none or one that is not on the board. Lanes keep
 * the tasks' stored order.
 */
export function placeTasks<T extends PlacedTask>(tasks: readonly T[], sprintGuids: readonly string[], epicType: string | null): PlanningBoard<T> {
  const board: PlanningBoard<T> = { sprints: sprintGuids.map((guid) => ({ guid, issues: [] })), epics: [] };
  const byGuid = new Map(board.sprints.map((s) => [s.guid, s]));
  for (const task of tasks) {
    const lane = laneOf(task, epicType, sprintGuids);
    if (lane === "epic") board.epics.push(task);
    else byGuid.get(lane)?.issues.push(task);
  }
  const order = (a: T, b: T) => a.sort - b.sort || a.position - b.position;
  board.epics.sort(order);
  for (const s of board.sprints) s.issues.sort(order);
  return board;
}

/** Numbers a lane's tasks: 0, 1, 2… or, for the epic lane, 1000, 2000, 3000… */
export function numberLane<T extends Pick<PlacedTask, "sort" | "position">>(tasks: readonly T[], epicLane = false): T[] {
  return tasks.map((t, i) => {
    const n = epicLane ? (i + 1) * EPIC_SORT_STEP : i;
    return t.sort === n && t.position === n ? t : { ...t, sort: n, position: n };
  });
}

export interface Move {
  /** Lane the task leaves ("epic" or a sprint guid) and its index there. */
  from: { lane: string; index: number };
  /** Lane the task enters and its index there. */
  to: { lane: string; index: number };
}

/**
 * Moves a task within a lane or across two lanes and renumbers both. Returns the new lanes and
 * only the tasks whose numbers or sprint changed (a reorder writes just those rows).
 */
export function moveTask<T extends PlacedTask>(
  lanes: ReadonlyMap<string, readonly T[]>,
  move: Move,
): { lanes: Map<string, T[]>; changed: { guid: string; sort: number; position: number; sprint: string | null }[] } {
  const next = new Map([...lanes].map(([k, v]) => [k, [...v]]));
  const source = next.get(move.from.lane);
  const target = next.get(move.to.lane);
  if (!source || !target || move.from.index < 0 || move.from.index >= source.length) return { lanes: next, changed: [] };
  const [task] = source.splice(move.from.index, 1);
  const crossing = move.from.lane !== move.to.lane;
  // An epic stays an epic; a task dropped on a sprint lane takes that sprint (the backlog too).
  const moved = crossing && move.to.lane !== "epic" ? { ...task!, sprint: move.to.lane } : task!;
  const dest = crossing ? target : source;
  dest.splice(Math.min(Math.max(0, move.to.index), dest.length), 0, moved);
  const changed: { guid: string; sort: number; position: number; sprint: string | null }[] = [];
  for (const lane of crossing ? [move.from.lane, move.to.lane] : [move.from.lane]) {
    const before = new Map((lanes.get(lane) ?? []).map((t) => [t.guid, t]));
    const numbered = numberLane(next.get(lane)!, lane === "epic");
    next.set(lane, numbered);
    for (const t of numbered) {
      const old = before.get(t.guid);
      if (!old || old.sort !== t.sort || old.position !== t.position || old.sprint !== t.sprint) {
        changed.push({ guid: t.guid, sort: t.sort, position: t.position, sprint: t.sprint });
      }
    }
  }
  return { lanes: next, changed };
}

/** Appends archived sprints to the list without duplicating any already there (spec §4). */
export function appendArchived<S extends { guid: string }>(sprints: readonly S[], archived: readonly S[]): S[] {
  const seen = new Set(sprints.map((s) => s.guid));
  return [...sprints, ...archived.filter((s) => !seen.has(s.guid) && seen.add(s.guid))];
}

export interface ColumnTask {
  guid: string;
  position: number;
  /** The value of the field the board's columns come from (an option guid). */
  column: string | null;
}

/** The column a task shows in: the one its value names, or the first when empty or unknown. */
export function columnOf(task: Pick<ColumnTask, "column">, columnGuids: readonly string[]): string {
  return task.column && columnGuids.includes(task.column) ? task.column : (columnGuids[0] ?? "");
}

/** Groups tasks into the board's columns, each ordered by position. */
export function placeInColumns<T extends ColumnTask>(tasks: readonly T[], columnGuids: readonly string[]): Map<string, T[]> {
  const columns = new Map(columnGuids.map((g) => [g, [] as T[]]));
  for (const task of tasks) columns.get(columnOf(task, columnGuids))?.push(task);
  for (const list of columns.values()) list.sort((a, b) => a.position - b.position);
  return columns;
}

/** A new task enters its column at position 0 and the others shift down by one (spec §4). */
export function insertAtTop<T extends ColumnTask>(column: readonly T[], task: T): T[] {
  return [{ ...task, position: 0 }, ...column.map((t, i) => ({ ...t, position: i + 1 }))];
}
