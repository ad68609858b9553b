/**
 * What a drag on the planning board does, apart from the board that shows it: the card or lane
 * carried, the load meters' preview of the drop, the drop itself (placed by domain/planning and
 * written as the changed sort numbers plus, across lanes, the sprint field) and what a screen
 * reader hears meanwhile. A refused write puts the lanes back: the board is read again after the
 * last answer (`write`). A move the server took is not followed by a read unless it reaches a
 * completed sprint (the pace): the lanes already show it, and the moved tasks are handed to
 * `kept` so a later patch of the board does not undo them (use-live-board.ts).
 */
import type { Announcements, DragEndEvent, DragOverEvent, DragStartEvent } from "@dnd-kit/core";
import { type Dispatch, type SetStateAction, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TASK_MOVES_MAX, inParts } from "../../../domain/ordering";
import { loadAfterDrop } from "../../../domain/planning/capacity";
import { moveLane } from "../../../domain/planning/lanes";
import { moveTask } from "../../../domain/planning/placement";
import { countsForPace } from "../../../domain/planning/board-patch";
import { estimateOf } from "../../../domain/planning/totals";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import type { useApi } from "../shell/errors";
import { isLaneMove, laneMoveId } from "./drag";
import { type BoardFields, type Lane, movableLanes } from "./lane-view";

/** The lanes with the movable ones in `order`, their sort numbers as given (the others untouched). */
function inLaneOrder(lanes: Lane[], order: readonly string[], sorts: readonly { guid: string; sort: number }[]): Lane[] {
  const byId = new Map(lanes.map((l) => [l.id, l]));
  const queue = order.flatMap((id) => byId.get(id) ?? []);
  const moving = new Set(queue.map((l) => l.id));
  const sort = new Map(sorts.map((s) => [s.guid, s.sort]));
  let next = 0;
  return lanes.map((l) => {
    if (!moving.has(l.id)) return l;
    const lane = queue[next++]!;
    const s = sort.get(lane.id);
    return s === undefined || !lane.sprint ? lane : { ...lane, sprint: { ...lane.sprint, sort: s } };
  });
}

interface Options {
  projectGuid: string;
  lanes: Lane[];
  setLanes: Dispatch<SetStateAction<Lane[]>>;
  fields: BoardFields;
  api: ReturnType<typeof useApi>;
  /** Runs one's own write: the board is read again once the last one is answered, if `reread` says so. */
  write: <T>(run: () => Promise<T>, reread?: boolean | (() => boolean)) => Promise<T>;
  /** One's own tasks as a move the server took left them (use-live-board.ts `kept`). */
  kept?: (task: BoardTaskView) => void;
}

export function useBoardDrag({ projectGuid, lanes, setLanes, fields, api, write, kept }: Options) {
  const { t } = useTranslation("projects");
  // Which lane holds a task, for drags: built at a drag's first question, not on every edit.
  const laneOfTask = useMemo(() => {
    let map: Map<string, string> | null = null;
    return { get: (task: string) => (map ??= new Map(lanes.flatMap((l) => l.tasks.map((x) => [x.guid, l.id] as const)))).get(task) };
  }, [lanes]);
  const movable = movableLanes(lanes);

  // The card being carried and the lane under it: the lanes' load meters preview the drop.
  const [carried, setCarried] = useState<{ task: string; from: string; to: string | null } | null>(null);
  const laneUnder = (overId: string | undefined) => (overId === undefined ? null : overId.startsWith("lane:") ? overId.slice(5) : (laneOfTask.get(overId) ?? null));
  const onDragStart = ({ active }: DragStartEvent) => {
    const from = laneOfTask.get(String(active.id));
    if (from) setCarried({ task: String(active.id), from, to: from });
  };
  const onDragOver = ({ active, over }: DragOverEvent) => setCarried((now) => (now && now.task === String(active.id) ? { ...now, to: laneUnder(over ? String(over.id) : undefined) } : now));
  const onDragCancel = () => setCarried(null);
  const previewOf = (lane: Lane, load: number): number | null => {
    if (!carried || lane.epic || carried.from === "epic") return null;
    const target = carried.to === null ? null : lanes.find((l) => l.id === carried.to);
    // A lane a drop cannot land in (archived, the epic lane) previews nothing.
    if (!target || target.epic || target.sprint?.archived) return null;
    const task = lanes.find((l) => l.id === carried.from)?.tasks.find((x) => x.guid === carried.task);
    return loadAfterDrop({ lane: lane.id, load, from: carried.from, to: carried.to, estimate: task && fields.estimate ? estimateOf(task, fields.estimate) : null });
  };

  // A lane dropped elsewhere: shown at once, written as the lanes whose number changes; a
  // refused write puts the lanes back (the shell shows the error) and the board is read again.
  const onLaneDrop = async (active: string, over: string) => {
    const numbered = movable.map((l) => ({ guid: l.id, sort: l.sprint!.sort }));
    const from = movable.findIndex((l) => laneMoveId(l.id) === active);
    const to = movable.findIndex((l) => laneMoveId(l.id) === over);
    const { order, changed } = moveLane(numbered, from, to);
    if (changed.length === 0) return;
    setLanes((now) => inLaneOrder(now, order, changed));
    await write(async () => {
      const result = await api("PATCH", `/v1/project/${projectGuid}/spaces`, changed);
      if (result.error)
        setLanes((now) =>
          inLaneOrder(
            now,
            numbered.map((l) => l.guid),
            numbered,
          ),
        );
    });
  };

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setCarried(null);
    if (!over || active.id === over.id) return;
    if (isLaneMove(active.id)) return isLaneMove(over.id) ? onLaneDrop(String(active.id), String(over.id)) : undefined;
    const fromLane = laneOfTask.get(String(active.id));
    const overId = String(over.id);
    const toLane = laneUnder(overId);
    if (!fromLane || !toLane) return;
    // An epic lives in the epic lane and a task in a sprint lane: the type decides, not a drag.
    if ((fromLane === "epic") !== (toLane === "epic")) return;
    const source = lanes.find((l) => l.id === fromLane)!;
    const target = lanes.find((l) => l.id === toLane)!;
    if (target.sprint?.archived) return;
    const fromIndex = source.tasks.findIndex((task) => task.guid === active.id);
    const toIndex = overId.startsWith("lane:") ? target.tasks.length : target.tasks.findIndex((task) => task.guid === overId);
    const placed = new Map(lanes.map((l) => [l.id, l.tasks.map((task) => ({ ...task, issueType: null, sprint: l.epic ? null : l.id }))]));
    const { lanes: next, changed } = moveTask(placed, { from: { lane: fromLane, index: fromIndex }, to: { lane: toLane, index: toIndex } });
    setLanes(lanes.map((l) => ({ ...l, tasks: next.get(l.id)! })));
    if (changed.length === 0) return;
    // A refused move is undone by the read after the last answer (the server's order); one that
    // reaches a completed sprint's lane is read too (the pace of completed sprints).
    const quiet = !countsForPace(source.sprint) && !countsForPace(target.sprint);
    let taken = false;
    let answered: BoardTaskView | null = null;
    await write(
      async () => {
        if (fromLane !== toLane) {
          const backlog = lanes.find((l) => l.backlog);
          const put = await api<BoardTaskView>("PUT", `/v1/project/${projectGuid}/issue/${active.id}`, {
            custom_fields: [{ guid: fields.sprint, value: toLane === backlog?.id ? null : toLane }],
          });
          if (put.error) return;
          answered = put.data!;
        }
        // A very long lane's renumbering goes in parts the API takes (TASK_MOVES_MAX each).
        for (const part of inParts(changed, TASK_MOVES_MAX)) {
          const patch = await api("PATCH", `/v1/project/${projectGuid}/issue`, part.map(({ guid, sort, position }) => ({ guid, sort, position })));
          if (patch.error) return;
        }
        taken = true;
      },
      () => !(taken && quiet),
    );
    if (!taken || !quiet) return;
    // The moved task's values as the server answered them (its sprint); every changed task kept.
    const values = (answered as BoardTaskView | null)?.custom_fields;
    if (values) setLanes((now) => now.map((l) => (l.id === toLane ? { ...l, tasks: l.tasks.map((x) => (x.guid === active.id ? { ...x, custom_fields: values } : x)) } : l)));
    const moved = new Set(changed.map((c) => c.guid));
    for (const task of [...next.values()].flat()) {
      if (!moved.has(task.guid)) continue;
      kept?.({ guid: task.guid, number: task.number, sort: task.sort, position: task.position, custom_fields: task.guid === active.id && values ? values : task.custom_fields });
    }
  };

  // What a screen reader hears while a task is carried: its title, its lane and its place there.
  const titleOf = (id: string | number) => {
    const task = lanes.flatMap((l) => l.tasks).find((x) => x.guid === String(id));
    return String(task?.custom_fields.find((c) => c.guid === fields.title)?.value ?? "");
  };
  const placeOf = (id: string | number) => {
    const overId = String(id);
    const lane = lanes.find((l) => (overId.startsWith("lane:") ? l.id === overId.slice(5) : l.tasks.some((x) => x.guid === overId)));
    if (!lane) return null;
    const index = lane.tasks.findIndex((x) => x.guid === overId);
    return { lane: lane.epic ? t("planning.epics") : lane.title, place: index >= 0 ? index + 1 : lane.tasks.length + 1 };
  };
  const laneOf = (id: string | number) => movable.find((l) => laneMoveId(l.id) === String(id))?.title ?? "";
  const lanePlace = (id: string | number) => ({ place: movable.findIndex((l) => laneMoveId(l.id) === String(id)) + 1, count: movable.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => (isLaneMove(active.id) ? t("planning.dnd.lanePickedUp", { lane: laneOf(active.id) }) : t("planning.dnd.pickedUp", { task: titleOf(active.id) })),
    onDragOver: ({ active, over }) => {
      if (isLaneMove(active.id)) return over ? t("planning.dnd.laneOver", { lane: laneOf(active.id), ...lanePlace(over.id) }) : undefined;
      const at = over ? placeOf(over.id) : null;
      return at ? t("planning.dnd.over", { task: titleOf(active.id), ...at }) : t("planning.dnd.outside", { task: titleOf(active.id) });
    },
    onDragEnd: ({ active, over }) => {
      if (isLaneMove(active.id)) return over ? t("planning.dnd.laneDropped", { lane: laneOf(active.id), ...lanePlace(over.id) }) : t("planning.dnd.laneCancelled", { lane: laneOf(active.id) });
      const at = over ? placeOf(over.id) : null;
      return at ? t("planning.dnd.dropped", { task: titleOf(active.id), ...at }) : t("planning.dnd.cancelled", { task: titleOf(active.id) });
    },
    onDragCancel: ({ active }) => (isLaneMove(active.id) ? t("planning.dnd.laneCancelled", { lane: laneOf(active.id) }) : t("planning.dnd.cancelled", { task: titleOf(active.id) })),
  };

  return {
    /** The lanes whose cards and handles can be dragged (open sprints), in their order. */
    movable,
    /** The task being carried, if any. */
    carried: carried?.task ?? null,
    /** A lane's load after the drop being previewed; passed to lanes only while dragging. */
    preview: carried ? previewOf : undefined,
    handlers: { onDragStart, onDragOver, onDragEnd, onDragCancel, announcements },
  };
}
