/**
 * The planning board: one lane per sprint (the backlog first) and the epic lane, tasks dragged
 * within and across lanes with dnd-kit (mouse and keyboard); what a drop does is in
 * use-board-drag.ts.
 * The open sprint lanes themselves are dragged by a handle in their header, in the same
 * DndContext: a drag only ever sees the drop targets of its own kind (lanes or cards).
 * dnd-kit is set up on the first press of a handle, not with the page (drag.ts).
 */
import { type KeyboardEvent, lazy, type PointerEvent, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isFinished } from "../../../domain/planning/sprint-complete";
import { countsForPace } from "../../../domain/planning/board-patch";
import { suggestedCapacity } from "../../../domain/planning/capacity";
import { estimateOf, laneTotals } from "../../../domain/planning/totals";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { useConfirm } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icons";
import { useApi } from "../shell/errors";
import { showUndoToast } from "../shell/undo-toast";
import { BoardDragContext, type BoardDrag, DRAG_HELP_ID, type DragKit, type Press, laneMoveId, loadDragKit, loadedDragKit, pressOf, replay } from "./drag";
import { type BoardContext, type BoardFields, type Lane, LaneView, type SprintAction, lanesOf, useLineValues, valueOf } from "./lane-view";
import { pokerForLane } from "./sprint-poker";
import { useBoardDrag } from "./use-board-drag";
import { loadSprintDialogs } from "./sprint-dialogs-loader";
import { useSameList } from "../../lib/use-same-list";
import { afterNextPaint } from "../../lib/after-paint";
import { useReadUnderWay } from "../../lib/use-read-under-way";
import { type WrittenRanges, writtenDateRange } from "../../../domain/time/format";
import type { ViewProps } from "../views/types";

// The sprint dialogs (their form, capacity and schema) are not in the board's entry: fetched when
// a sprint control is reached for (sprint-dialogs-loader.ts), or at the latest when one opens.
const SprintFormDialog = lazy(() => loadSprintDialogs().then((m) => ({ default: m.SprintFormDialog })));
const CompleteSprintDialog = lazy(() => loadSprintDialogs().then((m) => ({ default: m.CompleteSprintDialog })));

export type { BoardFields } from "./lane-view";

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
  onTaskSaved,
  sprintDates,
  onKept,
}: ViewProps & {
  fields: BoardFields;
  sprintDates?: WrittenRanges;
  /** An edit kept without a read of the board, as the server answered it (use-live-board.ts). */
  onKept?: (task: BoardTaskView) => void;
}) {
  const { t, i18n } = useTranslation("projects");
  const api = useApi();
  const [lanes, setLanes] = useState(() => lanesOf(board));
  const [confirmDialog, ask] = useConfirm();
  // One's own moves and edits in flight. A board read that lands meanwhile may have been taken
  // before the write (the read on the socket's opening, another person's change), so it does
  // not replace what the user sees; once the last write is answered the board is read again,
  // which also cancels any read still under way (React Router aborts it). A write that changes
  // nothing the page reads from the server beyond its own answer (`reread: false`) skips that
  // read, unless a board landed unshown meanwhile or a read is still under way: taken before the
  // write, it would show the old value once it lands, so it gives way to a new read.
  const writing = useRef(0);
  const after = useRef({ reread: false, missed: false });
  const reading = useReadUnderWay();
  const write = useCallback(
    async <T,>(run: () => Promise<T>, reread: boolean | (() => boolean) = true): Promise<T> => {
      writing.current += 1;
      let done = false;
      try {
        const result = await run();
        done = true;
        return result;
      } finally {
        // Decided once the write is answered (a move asks for a read only if it was refused).
        if (!done || (typeof reread === "function" ? reread() : reread)) after.current.reread = true;
        writing.current -= 1;
        if (writing.current === 0) {
          const again = after.current.reread || after.current.missed || reading.current;
          after.current = { reread: false, missed: false };
          if (again) onChanged();
        }
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
    else after.current.missed = true;
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
  // Fetched once the page is idle, so the first press finds it. The sprint dialogs wait for a
  // hand on a sprint control (sprint-dialogs-loader.ts).
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void loadDragKit());
  }, []);
  // The line shows the mapped fields, minus those the line already shows in its own way.
  const line = useMemo(
    () =>
      [...mapping.planning_board_line]
        .sort((a, b) => a.sort - b.sort)
        .map((entry) => ({ field: definitions.find((d) => d.guid === entry.custom_field.guid), editable: entry.edit_mode }))
        .filter((e): e is { field: FieldView; editable: boolean } => Boolean(e.field && !e.field.hide_to_user && e.field.slug !== "title" && e.field.slug !== "issue_type")),
    [mapping, definitions],
  );

  const { movable, carried, preview, handlers } = useBoardDrag({ projectGuid, lanes, setLanes, fields, api, write, kept: onKept });
  const laneIds = useSameList(movable.map((l) => laneMoveId(l.id)));

  /**
   * Whether an edit of `field` on `task` may change more of the page than the task's own value,
   * so the page is read again after it: its lane (sprint, type) or the pace of completed sprints
   * (status and estimate of a task in one). A person, a tag or a date changes the card alone.
   */
  const changesMoreThanItself = (task: BoardTaskView, field: string) => {
    if (field === fields.sprint || field === fields.issueType?.guid) return true;
    if (field !== fields.status?.guid && field !== fields.estimate) return false;
    return lanes.some((l) => countsForPace(l.sprint) && l.tasks.some((x) => x.guid === task.guid));
  };
  const onEdit = async (task: BoardTaskView, field: string, value: unknown) => {
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
    // Counted as a write at once (a board read meanwhile keeps the edit), sent once it shows.
    const reread = changesMoreThanItself(task, field);
    const result = await write(async () => {
      await afterNextPaint();
      return api<BoardTaskView>("PUT", `/v1/project/${projectGuid}/issue/${task.guid}`, { custom_fields: [{ guid: field, value }] });
    }, reread);
    if (result.error) patch(before);
    // Not read again: the card takes the value as the server stored it.
    else if (!reread) {
      patch(valueOf(result.data, field) ?? null);
      onKept?.(result.data!);
    }
  };

  const onCreate = async (lane: Lane, title: string) => {
    const values: { guid: string; value: unknown }[] = [{ guid: fields.title, value: title }];
    if (lane.epic && fields.issueType) {
      const epic = fields.issueType.options.find((o) => o.key === "epic");
      if (epic) values.push({ guid: fields.issueType.guid, value: epic.guid });
    } else if (!lane.backlog) values.push({ guid: fields.sprint, value: lane.id });
    const result = await api<BoardTaskView>("POST", `/v1/project/${projectGuid}/issue`, { custom_fields: values });
    // The new task as the server answered it goes on the board: no read of the whole board.
    if (!result.error) onTaskSaved([result.data!]);
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
  const edit = useCallback((task: BoardTaskView, field: string, value: unknown) => latest.current.onEdit(task, field, value), []);
  const create = useCallback((lane: Lane, title: string) => latest.current.onCreate(lane, title), []);
  const sprintAction = useCallback((lane: Lane, action: SprintAction) => latest.current.onSprint(lane, action), []);
  // The server wrote the sprints' dates in the page's language: hydrating builds no date formatter.
  const lang = i18n.language;
  const dateRange = useCallback((start: string | null | undefined, end: string | null | undefined) => writtenDateRange(sprintDates, start, end, lang), [sprintDates, lang]);
  const ctx: BoardContext = useMemo(() => ({ projectGuid, fields, line, values, canWrite, onEdit: edit, dateRange }), [projectGuid, fields, line, values, canWrite, edit, dateRange]);
  const done = new Set(fields.status?.options.filter((o) => o.key === "done").map((o) => o.guid) ?? []);
  const openTargets = lanes.filter((l) => l.sprint && !l.sprint.archived && l.sprint.status !== "completed").map((l) => l.sprint!);
  const sprintLanes = lanes.filter((l) => !l.epic);
  const hasArchived = board.sprints.some((s) => s.archived);
  const team = participants.map((p) => ({ guid: p.guid, name: p.name }));
  // What the sprint dialog learns its suggestion from, summed only while the dialog is open.
  const estimates = () => sprintLanes.map((l) => ({ sprint: l.sprint, estimate: laneTotals(l.tasks, fields.estimate).estimate }));

  // Lanes are memoised: a lane renders again when it, the context or a drag's preview changes.
  const lanesShown = sprintLanes.map((lane) => <LaneView key={lane.id} lane={lane} ctx={ctx} onCreate={create} onSprint={sprintAction} preview={preview} movable={movable.includes(lane)} />);
  const content = (
    <>
      <div className="grid gap-4 lg:grid-cols-[1fr_320px]" data-testid="planning-board" onPointerOver={() => void loadDragKit()} onFocus={() => void loadDragKit()}>
        <div className="flex flex-col gap-4">
          {kit ? (
            <kit.SortableContext id="lanes" items={laneIds} strategy={kit.verticalListSortingStrategy}>
              {lanesShown}
            </kit.SortableContext>
          ) : (
            lanesShown
          )}
          <div className="flex flex-wrap gap-3">
            {canWrite && (
              <button type="button" className="btn" onPointerEnter={() => void loadSprintDialogs()} onFocus={() => void loadSprintDialogs()} onClick={() => setDialog({ kind: "new" })} data-testid="sprint-new">
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
  const drag: BoardDrag = useMemo(() => ({ kit, press, carried }), [kit, press, carried]);
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
        <kit.DragBoard {...handlers} instructions={t("planning.dnd.instructions")}>
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
