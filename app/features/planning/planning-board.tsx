/**
 * The planning board: one lane per sprint (the backlog first) and the epic lane, tasks dragged
 * within and across lanes with dnd-kit (mouse and keyboard). Moves are placed by the rules in
 * domain/planning and written as the changed sort numbers plus, across lanes, the sprint field.
 */
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import { moveTask } from "../../../domain/planning/placement";
import type { PlanningBoardView } from "../../../workers/services/board";
import type { TaskView } from "../../../workers/services/tasks";
import { useApi } from "../shell/errors";

export interface BoardFields {
  title: string;
  sprint: string;
  status: { guid: string; options: FieldOption[] } | null;
  issueType: { guid: string; options: FieldOption[] } | null;
}

/**
 * A drop lands on the task under the pointer when there is one, else on the lane under it
 * (an empty lane, or below its last task); keyboard drags fall back to the closest centre.
 */
const tasksFirst: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const tasksHit = hits.filter((h) => !String(h.id).startsWith("lane:"));
  if (tasksHit.length > 0) return tasksHit;
  return hits.length > 0 ? hits : closestCenter(args);
};

type Lane = { id: string; title: string; backlog: boolean; epic: boolean; dates: string; tasks: TaskView[] };

const valueOf = (task: TaskView, field: string) => task.custom_fields.find((c) => c.guid === field)?.value;

function lanesOf(board: PlanningBoardView): Lane[] {
  return [
    ...board.sprints.map((s) => ({
      id: s.guid,
      title: s.title,
      backlog: s.backlog,
      epic: false,
      dates: s.start_date && s.end_date ? `${s.start_date} – ${s.end_date}` : "",
      tasks: s.issues,
    })),
    // The epic lane's title is translated where it is shown.
    { id: "epic", title: "", backlog: false, epic: true, dates: "", tasks: board.epics },
  ];
}

function Chip({ option }: { option: FieldOption | undefined }) {
  if (!option) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-xs">
      <span className="h-2 w-2 rounded-full" style={{ background: option.color }} aria-hidden="true" />
      {optionLabel(option)}
    </span>
  );
}

function TaskRow({ task, fields, disabled }: { task: TaskView; fields: BoardFields; disabled: boolean }) {
  const { t } = useTranslation("projects");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: task.guid, disabled });
  const title = String(valueOf(task, fields.title) ?? "");
  const type = fields.issueType?.options.find((o) => o.guid === valueOf(task, fields.issueType!.guid));
  const status = fields.status?.options.find((o) => o.guid === valueOf(task, fields.status!.guid));
  // The title opens the task modal over the board, keeping the chosen view.
  const { guid: projectGuid } = useParams();
  const { search } = useLocation();
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex items-center gap-3 border-b border-[var(--border)] bg-[var(--surface)] px-3 py-2 last:border-b-0 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-testid="board-task"
      data-guid={task.guid}
      data-title={title}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        disabled={disabled}
        className="muted cursor-grab touch-none rounded px-1 text-base leading-none hover:bg-[var(--surface-2)] disabled:cursor-default disabled:opacity-30"
        aria-label={t("planning.drag", { title })}
        data-testid="task-drag"
      >
        ⠿
      </button>
      <span className="h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: type?.color ?? "var(--border)" }} title={type ? optionLabel(type) : undefined} aria-hidden="true" />
      <span className="muted w-12 shrink-0 text-xs tabular-nums">#{task.number}</span>
      <Link to={`/project/${projectGuid}/taskboard/${task.guid}${search}`} preventScrollReset className="min-w-0 flex-1 truncate text-sm hover:underline" data-testid="task-open">
        {title}
      </Link>
      <Chip option={status} />
    </li>
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

function LaneView({ lane, fields, canWrite, onCreate }: { lane: Lane; fields: BoardFields; canWrite: boolean; onCreate: (lane: Lane, title: string) => Promise<boolean> }) {
  const { t } = useTranslation("projects");
  const title = lane.epic ? t("planning.epics") : lane.title;
  const { setNodeRef, isOver } = useDroppable({ id: `lane:${lane.id}` });
  return (
    <section className={`card overflow-hidden ${isOver ? "ring-2 ring-[var(--primary)]" : ""}`} data-testid="board-lane" data-lane={lane.id} data-backlog={lane.backlog} data-epic={lane.epic}>
      <header className="flex items-center gap-3 border-b border-[var(--border)] bg-[var(--surface-2)] px-3 py-2">
        <h2 className="font-semibold" data-testid="lane-title">
          {title}
        </h2>
        {lane.dates && <span className="muted text-xs">{lane.dates}</span>}
        <span className="muted ml-auto text-xs" data-testid="lane-count">
          {t("planning.count", { count: lane.tasks.length })}
        </span>
      </header>
      <SortableContext items={lane.tasks.map((task) => task.guid)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="min-h-10">
          {lane.tasks.length === 0 && <li className="muted px-3 py-3 text-sm">{t("planning.emptyLane")}</li>}
          {lane.tasks.map((task) => (
            <TaskRow key={task.guid} task={task} fields={fields} disabled={!canWrite} />
          ))}
        </ul>
      </SortableContext>
      {canWrite && <NewTask lane={{ ...lane, title }} onCreate={onCreate} />}
    </section>
  );
}

export function PlanningBoard({
  projectGuid,
  board,
  fields,
  canWrite,
  onChanged,
}: {
  projectGuid: string;
  board: PlanningBoardView;
  fields: BoardFields;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const api = useApi();
  const [lanes, setLanes] = useState(() => lanesOf(board));
  // Only fresh data from the server replaces what the user sees (not a re-render for any other reason).
  useEffect(() => setLanes(lanesOf(board)), [board]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const laneOfTask = useMemo(() => new Map(lanes.flatMap((l) => l.tasks.map((task) => [task.guid, l.id] as const))), [lanes]);

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const fromLane = laneOfTask.get(String(active.id));
    const overId = String(over.id);
    const toLane = overId.startsWith("lane:") ? overId.slice(5) : laneOfTask.get(overId);
    if (!fromLane || !toLane) return;
    // An epic lives in the epic lane and a task in a sprint lane: the type decides, not a drag.
    if ((fromLane === "epic") !== (toLane === "epic")) return;
    const source = lanes.find((l) => l.id === fromLane)!;
    const target = lanes.find((l) => l.id === toLane)!;
    const fromIndex = source.tasks.findIndex((task) => task.guid === active.id);
    const toIndex = overId.startsWith("lane:") ? target.tasks.length : target.tasks.findIndex((task) => task.guid === overId);
    const placed = new Map(lanes.map((l) => [l.id, l.tasks.map((task) => ({ ...task, issueType: null, sprint: l.epic ? null : l.id }))]));
    const { lanes: next, changed } = moveTask(placed, { from: { lane: fromLane, index: fromIndex }, to: { lane: toLane, index: toIndex } });
    setLanes(lanes.map((l) => ({ ...l, tasks: next.get(l.id)! })));
    if (changed.length === 0) return;
    const results = [];
    if (fromLane !== toLane) {
      const backlog = lanes.find((l) => l.backlog);
      results.push(
        await api("PUT", `/v1/project/${projectGuid}/issue/${active.id}`, {
          custom_fields: [{ guid: fields.sprint, value: toLane === backlog?.id ? null : toLane }],
        }),
      );
    }
    results.push(await api("PATCH", `/v1/project/${projectGuid}/issue`, changed.map(({ guid, sort, position }) => ({ guid, sort, position }))));
    if (results.some((r) => r.error)) onChanged();
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

  return (
    <DndContext sensors={sensors} collisionDetection={tasksFirst} onDragEnd={onDragEnd}>
      <div className="grid gap-4 lg:grid-cols-[1fr_320px]" data-testid="planning-board">
        <div className="flex flex-col gap-4">
          {lanes
            .filter((l) => !l.epic)
            .map((lane) => (
              <LaneView key={lane.id} lane={lane} fields={fields} canWrite={canWrite} onCreate={onCreate} />
            ))}
        </div>
        <div>
          {lanes
            .filter((l) => l.epic)
            .map((lane) => (
              <LaneView key={lane.id} lane={lane} fields={fields} canWrite={canWrite} onCreate={onCreate} />
            ))}
        </div>
      </div>
    </DndContext>
  );
}
