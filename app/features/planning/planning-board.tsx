/**
 * The planning board: one lane per sprint (the backlog first) and the epic lane, tasks dragged
 * within and across lanes with dnd-kit (mouse and keyboard). Moves are placed by the rules in
 * domain/planning and written as the changed sort numbers plus, across lanes, the sprint field.
 * The open sprint lanes themselves are dragged by a handle in their header, in the same
 * DndContext: a drag only ever sees the drop targets of its own kind (lanes or cards).
 * dnd-kit is set up on the first press of a handle, not with the page (drag.ts).
 */
import type { Announcements, DragEndEvent, DragOverEvent, DragStartEvent } from "@dnd-kit/core";
import { type KeyboardEvent, lazy, type PointerEvent, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { TASK_MOVES_MAX, inParts } from "../../../domain/ordering";
import { moveLane } from "../../../domain/planning/lanes";
import { moveTask } from "../../../domain/planning/placement";
import { isFinished } from "../../../domain/planning/sprint-complete";
import { loadAfterDrop, suggestedCapacity } from "../../../domain/planning/capacity";
import { estimateOf, laneTotals } from "../../../domain/planning/totals";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { TaskView } from "../../../workers/services/tasks";
import { useConfirm } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icons";
import { useApi } from "../shell/errors";
import { showUndoToast } from "../shell/undo-toast";
import { BoardDragContext, type BoardDrag, DRAG_HELP_ID, type DragKit, type Press, isLaneMove, laneMoveId, loadDragKit, loadedDragKit, pressOf, replay } from "./drag";
import { type BoardContext, type BoardFields, type Lane, LaneView, type SprintAction, lanesOf, movableLanes, useLineValues, valueOf } from "./lane-view";
import { pokerForLane } from "./sprint-poker";
import type { ViewProps } from "../views/types";

// The sprint dialogs (their form, capacity and schema) are not in the board's entry: fetched while
// the page is idle, so the first one opens at once.
const loadSprintDialogs = () => import("./sprint-dialogs");
const SprintFormDialog = lazy(() => loadSprintDialogs().then((m) => ({ default: m.SprintFormDialog })));
const CompleteSprintDialog = lazy(() => loadSprintDialogs().then((m) => ({ default: m.CompleteSprintDialog })));

export type { BoardFields } from "./lane-view";

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

export function PlanningBoard({
  projectGuid,
  board,
  fields,
  definitions,
  mapping,
  participants,
  canWrite,
  pace,
  onChanged,
}: ViewProps & { fields: BoardFields }) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const [lanes, setLanes] = useState(() => lanesOf(board));
  const [confirmDialog, ask] = useConfirm();
  // One's own moves and edits in flight. A board read that lands meanwhile may have been taken
  // before the write (the read on the socket's opening, another person's change), so it does
  // not replace what the user sees; once the last write is answered the board is read again,
  // which also cancels any read still under way (React Router aborts it).
  const writing = useRef(0);
  const write = useCallback(
    async <T,>(run: () => Promise<T>): Promise<T> => {
      writing.current += 1;
      try {
        return await run();
      } finally {
        writing.current -= 1;
        if (writing.current === 0) onChanged();
      }
    },
    [onChanged],
  );
  // Only fresh data from the server replaces what the user sees (not a re-render for any other
  // reason). Adjusted during render, not in an effect, so hydration does not render twice.
  const [shown, setShown] = useState(board);
  if (shown !== board) {
    setShown(board);
    if (writing.current === 0) setLanes(lanesOf(board));
  }
  const [dialog, setDialog] = useState<{ kind: "new" } | { kind: "edit" | "complete"; lane: Lane } | null>(null);
  // dnd-kit, set up on the first press of a handle (drag.ts). A press that comes before its chunk
  // has arrived is kept and handed over once the board has been rendered with it, unless the
  // pointer was released meanwhile.
  const [kit, setKit] = useState<DragKit | null>(null);
  const pending = useRef<Press | null>(null);
  const press = useCallback((id: string, event: PointerEvent | KeyboardEvent) => {
    const pressed = pressOf(id, event);
    if (!pressed) return;
    const ready = loadedDragKit();
    if (ready) {
      flushSync(() => setKit(() => ready));
      replay(pressed);
      return;
    }
    pending.current = pressed;
    if (pressed.kind === "pointer") window.addEventListener("pointerup", () => (pending.current = null), { once: true });
    void loadDragKit().then((module) => setKit(() => module));
  }, []);
  useEffect(() => {
    if (!kit || !pending.current) return;
    const pressed = pending.current;
    pending.current = null;
    replay(pressed);
  }, [kit]);
  // Fetched once the page is idle, so the first press finds it.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => {
      void loadDragKit();
      void loadSprintDialogs();
    });
  }, []);
  // Which lane holds a task, for drags: built at a drag's first question, not on every edit.
  const laneOfTask = useMemo(() => {
    let map: Map<string, string> | null = null;
    return { get: (task: string) => (map ??= new Map(lanes.flatMap((l) => l.tasks.map((x) => [x.guid, l.id] as const)))).get(task) };
  }, [lanes]);
  // The line shows the mapped fields, minus those the line already shows in its own way.
  const line = useMemo(
    () =>
      [...mapping.planning_board_line]
        .sort((a, b) => a.sort - b.sort)
        .map((entry) => ({ field: definitions.find((d) => d.guid === entry.custom_field.guid), editable: entry.edit_mode }))
        .filter((e): e is { field: FieldView; editable: boolean } => Boolean(e.field && !e.field.hide_to_user && e.field.slug !== "title" && e.field.slug !== "issue_type")),
    [mapping, definitions],
  );

  const onEdit = async (task: TaskView, field: string, value: unknown) => {
    // Only the lane that holds the task is new: the other lanes (memoised) are not rendered again.
    const patch = (v: unknown) =>
      setLanes((now) =>
        now.map((l) =>
          l.tasks.some((x) => x.guid === task.guid)
            ? { ...l, tasks: l.tasks.map((x) => (x.guid === task.guid ? { ...x, custom_fields: [...x.custom_fields.filter((c) => c.guid !== field), ...(v === null ? [] : [{ guid: field, slug: null, value: v, participant_value: null }])] } : x)) }
            : l,
        ),
      );
    const before = valueOf(task, field) ?? null;
    patch(value);
    const result = await write(() => api("PUT", `/v1/project/${projectGuid}/issue/${task.guid}`, { custom_fields: [{ guid: field, value }] }));
    if (result.error) patch(before);
  };

  // The card being carried and the lane under it: the lanes' load meters preview the drop.
  const [carried, setCarried] = useState<{ task: string; from: string; to: string | null } | null>(null);
  const laneUnder = (overId: string | undefined) => (overId === undefined ? null : overId.startsWith("lane:") ? overId.slice(5) : (laneOfTask.get(overId) ?? null));
  const onDragStart = ({ active }: DragStartEvent) => {
    const from = laneOfTask.get(String(active.id));
    if (from) setCarried({ task: String(active.id), from, to: from });
  };
  const onDragOver = ({ active, over }: DragOverEvent) => setCarried((now) => (now && now.task === String(active.id) ? { ...now, to: laneUnder(over ? String(over.id) : undefined) } : now));
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
    const movable = movableLanes(lanes);
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
    // The read after the last answer shows the server's order, a refused move's undone included.
    await write(async () => {
      if (fromLane !== toLane) {
        const backlog = lanes.find((l) => l.backlog);
        const put = await api("PUT", `/v1/project/${projectGuid}/issue/${active.id}`, {
          custom_fields: [{ guid: fields.sprint, value: toLane === backlog?.id ? null : toLane }],
        });
        if (put.error) return;
      }
      // A very long lane's renumbering goes in parts the API takes (TASK_MOVES_MAX each).
      for (const part of inParts(changed, TASK_MOVES_MAX)) {
        const patch = await api("PATCH", `/v1/project/${projectGuid}/issue`, part.map(({ guid, sort, position }) => ({ guid, sort, position })));
        if (patch.error) return;
      }
    });
  };

  const onCreate = async (lane: Lane, title: string) => {
    const values: { guid: string; value: unknown }[] = [{ guid: fields.title, value: title }];
    if (lane.epic && fields.issueType) {
      const epic = fields.issueType.options.find((o) => o.key === "epic");
      if (epic) values.push({ guid: fields.issueType.guid, value: epic.guid });
    } else if (!lane.backlog) values.push({ guid: fields.sprint, value: lane.id });
    const result = await api("POST", `/v1/project/${projectGuid}/issue`, { custom_fields: values });
    if (!result.error) onChanged();
    return !result.error;
  };

  const navigate = useNavigate();
  const onSprint = async (lane: Lane, action: SprintAction) => {
    const sprint = lane.sprint!;
    const path = `/v1/project/${projectGuid}/sprint/${sprint.guid}`;
    if (action === "edit" || action === "complete") return setDialog({ kind: action, lane });
    if (action === "poker") {
      const unestimated = lane.tasks.filter((task) => estimateOf(task, fields.estimate) === null).map((task) => task.guid);
      const room = await pokerForLane(api, projectGuid, t("sprints.pokerTitle", { title: sprint.title }), unestimated);
      if (room) navigate(room);
      return;
    }
    if (action === "delete" && !(await ask({ question: t("sprints.confirmDelete", { title: sprint.title }), confirm: t("common:confirm.delete"), cancel: t("common:confirm.cancel") }))) return;
    const result =
      action === "delete"
        ? await api("DELETE", path)
        : await api("PUT", path, action === "start" ? { status: "active" } : { archived: action === "archive" });
    if (result.error) return;
    onChanged();
    // Archiving is undone by unarchiving: the toast offers it instead of a confirm dialog.
    if (action === "archive")
      showUndoToast({
        message: t("sprints.archivedToast", { title: sprint.title }),
        undo: t("sprints.undo"),
        onUndo: async () => {
          if (!(await api("PUT", path, { archived: false })).error) onChanged();
        },
      });
  };

  const values = useLineValues(projectGuid, participants, board, fields.title);
  // One context object for as long as what it holds is the same: rows are memoised on it, so a
  // change to one card (its status picked in its line) renders that row and its lane, not every
  // row of the board (issue 17: a status change repaints in one frame).
  const latest = useRef({ onEdit, onCreate, onSprint });
  latest.current = { onEdit, onCreate, onSprint };
  const edit = useCallback((task: TaskView, field: string, value: unknown) => latest.current.onEdit(task, field, value), []);
  const create = useCallback((lane: Lane, title: string) => latest.current.onCreate(lane, title), []);
  const sprintAction = useCallback((lane: Lane, action: SprintAction) => latest.current.onSprint(lane, action), []);
  const ctx: BoardContext = useMemo(() => ({ projectGuid, fields, line, values, canWrite, onEdit: edit }), [projectGuid, fields, line, values, canWrite, edit]);
  const done = new Set(fields.status?.options.filter((o) => o.key === "done").map((o) => o.guid) ?? []);
  const openTargets = lanes.filter((l) => l.sprint && !l.sprint.archived && l.sprint.status !== "completed").map((l) => l.sprint!);
  const sprintLanes = lanes.filter((l) => !l.epic);
  const movable = movableLanes(lanes);
  const hasArchived = board.sprints.some((s) => s.archived);
  const team = participants.map((p) => ({ guid: p.guid, name: p.name }));
  // What the sprint dialog learns its suggestion from, summed only while the dialog is open.
  const estimates = () => sprintLanes.map((l) => ({ sprint: l.sprint, estimate: laneTotals(l.tasks, fields.estimate).estimate }));

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

  // Lanes are memoised: a lane renders again when it, the context or a drag's preview changes.
  const preview = carried ? previewOf : undefined;
  const lanesShown = sprintLanes.map((lane) => <LaneView key={lane.id} lane={lane} ctx={ctx} onCreate={create} onSprint={sprintAction} preview={preview} movable={movable.includes(lane)} />);
  const content = (
    <>
      <div className="grid gap-4 lg:grid-cols-[1fr_320px]" data-testid="planning-board" onPointerOver={() => void loadDragKit()} onFocus={() => void loadDragKit()}>
        <div className="flex flex-col gap-4">
          {kit ? (
            <kit.SortableContext id="lanes" items={movable.map((l) => laneMoveId(l.id))} strategy={kit.verticalListSortingStrategy}>
              {lanesShown}
            </kit.SortableContext>
          ) : (
            lanesShown
          )}
          <div className="flex flex-wrap gap-3">
            {canWrite && (
              <button type="button" className="btn" onClick={() => setDialog({ kind: "new" })} data-testid="sprint-new">
                <Icon name="plus" size={16} /> {t("sprints.new")}
              </button>
            )}
            <ArchivedToggle shown={hasArchived} />
          </div>
        </div>
        <div>
          {lanes
            .filter((l) => l.epic)
            .map((lane) => (
              <LaneView key={lane.id} lane={lane} ctx={ctx} onCreate={create} onSprint={sprintAction} />
            ))}
        </div>
      </div>
      <Suspense fallback={null}>
        {dialog?.kind === "new" && <SprintFormDialog projectGuid={projectGuid} sprint={null} team={team} lanes={estimates()} suggested={suggestedCapacity(pace)} onClose={() => setDialog(null)} onSaved={onChanged} />}
        {dialog?.kind === "edit" && <SprintFormDialog projectGuid={projectGuid} sprint={dialog.lane.sprint} team={team} lanes={estimates()} suggested={suggestedCapacity(pace)} onClose={() => setDialog(null)} onSaved={onChanged} />}
        {dialog?.kind === "complete" && (
          <CompleteSprintDialog
            projectGuid={projectGuid}
            sprint={dialog.lane.sprint!}
            unfinished={dialog.lane.tasks.filter((task) => !isFinished({ status: (valueOf(task, fields.status?.guid ?? "") as string | undefined) ?? null }, done)).length}
            targets={openTargets.filter((s) => s.guid !== dialog.lane.id)}
            onClose={() => setDialog(null)}
            onDone={onChanged}
          />
        )}
      </Suspense>
    </>
  );
  const carriedTask = carried?.task ?? null;
  const drag: BoardDrag = useMemo(() => ({ kit, press, carried: carriedTask }), [kit, press, carriedTask]);
  return (
    <BoardDragContext.Provider value={drag}>
      {confirmDialog}
      {/* The handles' instructions before dnd-kit is there (it brings its own). */}
      {!kit && (
        <p id={DRAG_HELP_ID} hidden>
          {t("planning.dnd.instructions")}
        </p>
      )}
      {kit ? (
        <kit.DragBoard
          announcements={announcements}
          instructions={t("planning.dnd.instructions")}
          onDragStart={onDragStart}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
          onDragCancel={() => setCarried(null)}
        >
          {content}
        </kit.DragBoard>
      ) : (
        content
      )}
    </BoardDragContext.Provider>
  );
}

/** Shows or hides the archived sprints (appended after the others, spec §4), through the URL. */
function ArchivedToggle({ shown }: { shown: boolean }) {
  const { t } = useTranslation("projects");
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  if (shown) next.delete("archived");
  else next.set("archived", "1");
  return (
    <Link to={`?${next.toString()}`} replace preventScrollReset className="btn" data-testid="toggle-archived">
      {shown ? t("sprints.hideArchived") : t("sprints.showArchived")}
    </Link>
  );
}
