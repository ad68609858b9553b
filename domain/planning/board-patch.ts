/**
 * Another person's change to a few tasks, placed on a board already open (issue 17): the tasks the
 * notice names are read alone and put where the server would put them (`placement.ts`), instead
 * of reading the whole board again. Pure; the page (`use-live-board.ts`) reads the tasks and falls
 * back to reading the whole board whenever this says the change is not the tasks' alone.
 */
import { laneOf } from "./placement";

/** A notice naming more tasks than this is followed by a read of the whole board. */
export const PATCH_TASKS_MAX = 90;

interface PatchTask {
  guid: string;
  sort: number;
  position: number;
  custom_fields: readonly { guid: string; value: unknown }[];
}

interface PatchBoard {
  sprints: readonly { guid: string; status: string; issues: readonly PatchTask[]; count: number }[];
  epics: readonly PatchTask[];
  epic_type: string | null;
}

/** The board's own task type. */
type TaskOf<B extends PatchBoard> = B["epics"][number];

/**
 * Whether a sprint's tasks make the pace of completed sprints, which the page reads with the
 * board: a change to one of them is not its card's alone, and the board is read again for it.
 */
export const countsForPace = (sprint: { status: string } | null | undefined) => sprint?.status === "completed";

/** The fields that place a task: its sprint and its type (guids of the field definitions). */
export interface PlacingFields {
  sprint: string;
  issueType: string | null;
}

const valueOf = (task: PatchTask, field: string | null) => {
  if (field === null) return null;
  const value = task.custom_fields.find((c) => c.guid === field)?.value;
  return typeof value === "string" ? value : null;
};

const before = (a: PatchTask, b: PatchTask) => a.sort < b.sort || (a.sort === b.sort && a.position < b.position);

/**
 * The board with the `asked` tasks as `fresh` has them: each taken out of the lane it was in and
 * put into the lane its sprint and type name, after the tasks that sort before or with it; an
 * asked task not in `fresh` is gone (deleted, or never was). Lanes the change does not touch stay
 * the same objects. Null when the change may reach beyond the tasks' own cards: a task that was
 * or now is in a sprint other than an open one on the board (a completed or archived sprint, whose
 * tasks make the pace of completed sprints that the page read with the board).
 */
export function patchBoard<B extends PatchBoard>(board: B, asked: readonly string[], fresh: readonly TaskOf<B>[], fields: PlacingFields): B | null {
  type T = TaskOf<B>;
  const wanted = new Set(asked);
  const arriving = fresh.filter((task) => wanted.has(task.guid));
  const open = new Set(board.sprints.filter((s) => !countsForPace(s)).map((s) => s.guid));
  const outsideOpen = (task: PatchTask) => {
    const sprint = valueOf(task, fields.sprint);
    return sprint !== null && !open.has(sprint);
  };
  const lanes: (readonly T[])[] = [...board.sprints.map((s) => s.issues), board.epics];
  for (const lane of lanes) for (const task of lane) if (wanted.has(task.guid) && outsideOpen(task)) return null;
  if (arriving.some(outsideOpen)) return null;

  const sprintGuids = board.sprints.map((s) => s.guid);
  const laneIndex = (task: T) => {
    const lane = laneOf({ issueType: valueOf(task, fields.issueType), sprint: valueOf(task, fields.sprint) }, board.epic_type, sprintGuids);
    return lane === "epic" ? lanes.length - 1 : sprintGuids.indexOf(lane);
  };
  const next: (readonly T[])[] = lanes.map((lane) => (lane.some((task) => wanted.has(task.guid)) ? lane.filter((task) => !wanted.has(task.guid)) : lane));
  for (const task of arriving) {
    const i = laneIndex(task);
    if (i < 0) continue;
    const lane = next[i] === lanes[i] ? [...next[i]!] : (next[i] as T[]);
    let at = lane.length;
    while (at > 0 && before(task, lane[at - 1]!)) at -= 1;
    lane.splice(at, 0, task);
    next[i] = lane;
  }
  return {
    ...board,
    sprints: board.sprints.map((s, i) => (next[i] === s.issues ? s : { ...s, issues: next[i]!, count: next[i]!.length })),
    epics: next[lanes.length - 1]!,
  };
}
