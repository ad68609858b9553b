/**
 * A lane of the planning board and its rows: the sprint's header (status, dates, counts, load
 * against capacity, the sprint menu), its tasks as sortable rows with their line values, and
 * the new-task form. A movable sprint lane is itself a sortable item (id `move:<guid>`) with a
 * handle in its header. The board (planning-board.tsx) owns dragging and writing. Until the
 * first press of a handle, lanes and rows render without dnd-kit (drag.ts): a handle then only
 * tells the board it was pressed.
 */
import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { type FormEvent, memo, type ReactNode, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import { laneTotals } from "../../../domain/planning/totals";
import type { BoardPageView } from "../../../workers/services/board";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { ParticipantView } from "../../../workers/services/projects";
import type { SprintView } from "../../../workers/services/sprints";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { Icon } from "../../components/ui/icons";
import { LaneRows, type RowMeasure } from "./lane-rows";
import { type ValueContext, titleOf } from "../../components/fields/context";
import { FieldSelect } from "../../components/fields/field-select";
import { FieldValue } from "../../components/fields/field-value";
import { LaneLoad } from "./sprint-capacity";
import { type SprintAction, SprintMenu } from "./sprint-menu";
import { useSprintRetro } from "../rooms/retro/sprint-retro";
import { useApi } from "../shell/errors";
import { DRAG_HELP_ID, type DragKit, isLaneMove, laneMoveId, useBoardDrag } from "./drag";
import { useSameList } from "../../lib/use-same-list";

export interface BoardFields {
  title: string;
  sprint: string;
  estimate: string;
  status: { guid: string; options: FieldOption[] } | null;
  issueType: { guid: string; options: FieldOption[] } | null;
}

export type Lane = { id: string; title: string; backlog: boolean; epic: boolean; dates: string; sprint: SprintView | null; tasks: BoardTaskView[] };

export { isLaneMove, laneMoveId };

/** The lanes that can be dragged into another order: open board sprints (not the backlog, not archived). */
export const movableLanes = (lanes: readonly Lane[]) => lanes.filter((l) => l.sprint && !l.backlog && !l.epic && !l.sprint.archived);

export const valueOf = (task: BoardTaskView, field: string) => task.custom_fields.find((c) => c.guid === field)?.value;

export function lanesOf(board: BoardPageView): Lane[] {
  return [
    ...board.sprints.map((s) => ({
      id: s.guid,
      title: s.title,
      backlog: s.backlog,
      epic: false,
      dates: s.start_date && s.end_date ? `${s.start_date} – ${s.end_date}` : (s.start_date ?? s.end_date ?? ""),
      sprint: s,
      tasks: s.issues,
    })),
    // The epic lane's title is translated where it is shown.
    { id: "epic", title: "", backlog: false, epic: true, dates: "", sprint: null, tasks: board.epics },
  ];
}

/** What every lane and line needs besides its own tasks. */
export interface BoardContext {
  projectGuid: string;
  fields: BoardFields;
  line: { field: FieldView; editable: boolean }[];
  /** What line values point at (people, sprints, tasks). */
  values: ValueContext;
  canWrite: boolean;
  onEdit: (task: BoardTaskView, field: string, value: unknown) => void;
  /** A sprint's dates as its lane shows them, in the reader's language (format.ts `writtenDateRange`). */
  dateRange: (start: string | null | undefined, end: string | null | undefined) => string;
}

/** What the board's line values point at: its people, its sprints and its tasks by guid. */
export function useLineValues(projectGuid: string, participants: readonly ParticipantView[], board: BoardPageView, titleField: string): ValueContext {
  return useMemo(() => {
    const tasks = new Map([...board.sprints.flatMap((s) => s.issues), ...board.epics].map((task) => [task.guid, task]));
    return {
      projectGuid,
      participants,
      people: new Map(participants.map((p) => [p.guid, p])),
      sprints: board.sprints,
      task: (guid: string) => {
        const task = tasks.get(guid);
        return task && { guid, number: task.number, title: titleOf(task, titleField) };
      },
    };
  }, [projectGuid, participants, board, titleField]);
}

const SLOT: Partial<Record<string, string>> = { select: "w-28", rotation: "w-28", participants: "w-16", number: "w-10", date: "w-24", multi_select: "w-32", checkbox: "w-10" };

/** What a row or lane takes from its sortable hook (dnd-kit's `useSortable`), or the plain stand-in. */
interface Sortable {
  attributes: DraggableAttributes | Record<string, unknown>;
  listeners: DraggableSyntheticListeners | Record<string, unknown>;
  setNodeRef: (node: HTMLElement | null) => void;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  style: { transform?: string; transition?: string };
  isDragging: boolean;
}

const noRef = () => {};

/** A handle before dnd-kit is there: a press on it asks the board to set dragging up. */
function usePlain(id: string, disabled: boolean): Sortable {
  const { press } = useBoardDrag();
  return {
    attributes: { "aria-roledescription": "sortable", "aria-describedby": DRAG_HELP_ID },
    listeners: disabled ? {} : { onPointerDown: (e: React.PointerEvent) => press(id, e), onKeyDown: (e: React.KeyboardEvent) => press(id, e) },
    setNodeRef: noRef,
    setActivatorNodeRef: noRef,
    style: {},
    isDragging: false,
  };
}

/** dnd-kit's sortable item, once the board has it. */
function useKitSortable(kit: DragKit, id: string, disabled: boolean): Sortable {
  const s = kit.useSortable({ id, disabled });
  return { ...s, style: { transform: kit.CSS.Translate.toString(s.transform), transition: s.transition } };
}

type RowProps = { task: BoardTaskView; ctx: BoardContext; epic: boolean; measure?: RowMeasure };

/**
 * A row: plain until the board sets dragging up, then sortable (a new instance, as its hooks
 * differ). Memoised: a lane renders again for one changed card, its other rows do not (the
 * board keeps `ctx` and every unchanged task object the same); the drag context and the URL
 * still reach every row.
 */
const TaskRow = memo(
  function TaskRow(props: RowProps) {
    const { kit } = useBoardDrag();
    return kit ? <SortableTaskRow kit={kit} {...props} /> : <PlainTaskRow {...props} />;
  },
  (a, b) => a.task === b.task && a.ctx === b.ctx && a.epic === b.epic && a.measure?.index === b.measure?.index && a.measure?.ref === b.measure?.ref,
);

function PlainTaskRow(props: RowProps) {
  return <TaskRowView {...props} sortable={usePlain(props.task.guid, !props.ctx.canWrite)} />;
}

function SortableTaskRow({ kit, ...props }: RowProps & { kit: DragKit }) {
  return <TaskRowView {...props} sortable={useKitSortable(kit, props.task.guid, !props.ctx.canWrite)} />;
}

function TaskRowView({ task, ctx, epic, measure, sortable }: RowProps & { sortable: Sortable }) {
  const { t } = useTranslation("projects");
  const [params] = useSearchParams();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, style, isDragging } = sortable;
  const measureRef = measure?.ref;
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      measureRef?.(node);
    },
    [setNodeRef, measureRef],
  );
  const { fields } = ctx;
  const title = String(valueOf(task, fields.title) ?? "");
  const type = fields.issueType?.options.find((o) => o.guid === valueOf(task, fields.issueType!.guid));
  return (
    <li
      ref={ref}
      data-index={measure?.index}
      style={style}
      className={`flex items-center gap-3 border-b border-[var(--border)] bg-[var(--surface)] px-3 py-2 last:border-b-0 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-testid="board-task"
      data-shortcut-item
      data-guid={task.guid}
      data-title={title}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        disabled={!ctx.canWrite}
        className="muted cursor-grab touch-none rounded p-0.5 hover:bg-[var(--surface-2)] disabled:cursor-default disabled:opacity-30"
        aria-label={t("planning.drag", { title })}
        data-testid="task-drag"
        data-drag-id={task.guid}
      >
        <Icon name="grip" size={16} />
      </button>
      <span className="h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: type?.color ?? "var(--border)" }} title={type ? optionLabel(type) : undefined} aria-hidden="true" />
      <span className="muted w-12 shrink-0 text-xs tabular-nums">#{task.number}</span>
      <Link
        to={{ pathname: `/project/${ctx.projectGuid}/taskboard/${task.guid}`, search: params.toString() }}
        preventScrollReset
        className="min-w-0 flex-1 truncate text-sm hover:underline"
        data-testid="task-open"
        data-shortcut-open
      >
        {title}
      </Link>
      {!epic && (
        <span className="hidden shrink-0 items-center gap-2 sm:flex">
          {ctx.line.map(({ field, editable }) => (
            // A fixed slot per field keeps the values of all lines in columns.
            <span key={field.guid} className={`flex justify-end ${SLOT[field.type_fields] ?? "w-24"}`}>
              <LineValue field={field} value={valueOf(task, field.guid)} ctx={ctx} editable={editable} onChange={(value) => ctx.onEdit(task, field.guid, value)} />
            </span>
          ))}
        </span>
      )}
    </li>
  );
}

/**
 * One field's value on a line, as the views mapping asks (`planning_board_line`): the kit's
 * value at the line's density, and the kit's Select for option fields whose entry says `edit_mode`.
 */
function LineValue({ field, value, ctx, editable, onChange }: { field: FieldView; value: unknown; ctx: BoardContext; editable: boolean; onChange: (value: unknown) => void }) {
  const kind = field.type_fields;
  if (!(editable && ctx.canWrite && (kind === "select" || kind === "rotation"))) return <FieldValue field={field} value={value} ctx={ctx.values} density="line" />;
  const chosen = field.settings.values_set.find((o) => o.guid === value);
  const shown = <span className="truncate">{chosen ? optionLabel(chosen) : "—"}</span>;
  return (
    <FieldSelect
      field={field}
      value={value}
      ctx={ctx.values}
      onSave={onChange}
      alignEnd
      compact
      buttonClassName="border border-[var(--border)] bg-[var(--surface)]"
      testId={`line-${field.slug ?? field.guid}`}
    >
      {shown}
    </FieldSelect>
  );
}

function NewTask({ lane, onCreate }: { lane: Lane; onCreate: (lane: Lane, title: string) => Promise<boolean> }) {
  const { t } = useTranslation("projects");
  const [title, setTitle] = useState("");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    if (await onCreate(lane, title.trim())) setTitle("");
  };
  return (
    <form onSubmit={submit} className="flex gap-2 px-3 py-2">
      <input className="input py-1.5 text-sm" placeholder={t("planning.newTask")} aria-label={t("planning.newTaskIn", { lane: lane.title })} value={title} onChange={(e) => setTitle(e.target.value)} data-testid="new-task-title" />
      <button type="submit" className="btn py-1.5 text-sm" data-testid="new-task-submit">
        {t("planning.create")}
      </button>
    </form>
  );
}

export type { SprintAction } from "./sprint-menu";

type LaneProps = {
  lane: Lane;
  ctx: BoardContext;
  /** Whether the lane shows a handle to move it among the sprint lanes. */
  movable?: boolean;
  onCreate: (lane: Lane, title: string) => Promise<boolean>;
  onSprint: (lane: Lane, action: SprintAction) => void;
  /** A lane's load if the card being dragged were dropped where it is now (null: unchanged). */
  preview?: (lane: Lane, load: number) => number | null;
};

/** A lane: plain until the board sets dragging up, then a drop zone with a sortable handle. */
export const LaneView = memo(function LaneView(props: LaneProps) {
  const { kit } = useBoardDrag();
  return kit ? <SortableLane kit={kit} {...props} /> : <PlainLane {...props} />;
});

const NO_DROP = { setNodeRef: noRef, isOver: false };

function PlainLane(props: LaneProps) {
  const mover = usePlain(laneMoveId(props.lane.id), !(props.movable && props.ctx.canWrite));
  return <LaneFrame {...props} mover={mover} drop={NO_DROP} rows={(list) => list} />;
}

function SortableLane({ kit, ...props }: LaneProps & { kit: DragKit }) {
  const { lane } = props;
  const mover = useKitSortable(kit, laneMoveId(lane.id), !(props.movable && props.ctx.canWrite));
  const drop = kit.useDroppable({ id: `lane:${lane.id}` });
  const items = useSameList(lane.tasks.map((task) => task.guid));
  const rows = (list: ReactNode) => (
    <kit.SortableContext items={items} strategy={kit.verticalListSortingStrategy}>
      {list}
    </kit.SortableContext>
  );
  return <LaneFrame {...props} mover={mover} drop={drop} rows={rows} />;
}

function LaneFrame({
  lane,
  ctx,
  onCreate,
  onSprint,
  preview,
  movable = false,
  mover,
  drop,
  rows,
}: LaneProps & { mover: Sortable; drop: { setNodeRef: (node: HTMLElement | null) => void; isOver: boolean }; rows: (list: ReactNode) => ReactNode }) {
  const { t } = useTranslation("projects");
  const title = lane.epic ? t("planning.epics") : lane.title;
  const { setNodeRef, isOver } = drop;
  const totals = laneTotals(lane.tasks, ctx.fields.estimate);
  const status = lane.sprint && !lane.backlog ? lane.sprint.status : null;
  const startRetro = useSprintRetro(useApi());
  const canMove = movable && ctx.canWrite;
  return (
    <section
      ref={mover.setNodeRef}
      style={mover.style}
      className={`card overflow-hidden ${isOver ? "ring-2 ring-[var(--primary)]" : ""} ${lane.sprint?.archived ? "opacity-70" : ""} ${mover.isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-testid="board-lane"
      data-lane={lane.id}
      data-count={totals.count}
      data-backlog={lane.backlog}
      data-epic={lane.epic}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-[var(--border)] bg-[var(--surface-2)] px-3 py-2">
        {canMove && (
          <button
            type="button"
            ref={mover.setActivatorNodeRef}
            {...mover.attributes}
            {...mover.listeners}
            className="muted -mr-1 cursor-grab touch-none rounded p-0.5 hover:bg-[var(--surface)]"
            aria-label={t("planning.moveLane", { title })}
            data-testid="lane-drag"
            data-drag-id={laneMoveId(lane.id)}
          >
            <Icon name="grip" size={16} />
          </button>
        )}
        <h2 className="font-semibold" data-testid="lane-title">
          {title}
        </h2>
        {status && status !== "planned" && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status === "active" ? "bg-[var(--primary)] text-[var(--primary-text)]" : "bg-[var(--surface)]"}`} data-testid="lane-status">
            {t(`sprints.status.${status}`)}
          </span>
        )}
        {lane.sprint?.archived && <span className="muted text-xs">{t("sprints.archived")}</span>}
        {lane.dates && <span className="muted text-xs tabular-nums" data-testid="lane-dates">{ctx.dateRange(lane.sprint?.start_date, lane.sprint?.end_date)}</span>}
        <span className="muted ml-auto flex items-center gap-3 text-xs">
          <span data-testid="lane-count">{t("planning.count", { count: totals.count })}</span>
          {ctx.fields.estimate && !lane.epic && (
            <span className="rounded-full bg-[var(--surface)] px-2 py-0.5 font-semibold tabular-nums" title={t("planning.estimateSum")} data-testid="lane-estimate">
              {t("planning.points", { count: totals.estimate })}
            </span>
          )}
        </span>
        {ctx.canWrite && lane.sprint && !lane.backlog && <SprintMenu sprint={lane.sprint} unestimated={ctx.fields.estimate ? totals.unestimated : 0} onAction={(action) => (action === "retro" ? startRetro(ctx.projectGuid, t("sprints.retroTitle", { title: lane.title }), lane.sprint!.guid) : onSprint(lane, action))} />}
        {ctx.fields.estimate && lane.sprint && !lane.backlog && !lane.epic && <LaneLoad load={totals.estimate} capacity={lane.sprint.capacity} after={preview?.(lane, totals.estimate) ?? null} />}
        {lane.sprint?.goal && <p className="muted w-full text-xs">{lane.sprint.goal}</p>}
      </header>
      {rows(
        <ul ref={setNodeRef} className="min-h-10" data-testid="lane-tasks">
          {lane.tasks.length === 0 && <li className="muted px-3 py-3 text-sm">{t("planning.emptyLane")}</li>}
          <LaneRows tasks={lane.tasks} eager={lane.backlog} row={(task, measure) => <TaskRow key={task.guid} task={task} ctx={ctx} epic={lane.epic} measure={measure} />} />
        </ul>,
      )}
      {ctx.canWrite && !lane.sprint?.archived && <NewTask lane={{ ...lane, title }} onCreate={onCreate} />}
    </section>
  );
}
