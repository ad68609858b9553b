/**
 * The task board (`?view=board`): one column per option of a single-choice field (status unless
 * the viewer picks another), optional swimlanes, cards dragged with dnd-kit (pointer and
 * keyboard). A move within a column writes the renumbered positions; across columns it first
 * sets the field's value, which the workflow may refuse — then the card goes back.
 */
import {
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  closestCenter,
  pointerWithin,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { optionLabel } from "../../../domain/fields/types";
import { boardColumns, chooseColumnField, columnFieldCandidates, columnTotals, moveCard, swimlanes } from "../../../domain/planning/columns";
import { laneOf } from "../../../domain/planning/placement";
import { valueOf } from "../../../domain/planning/table";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { useApi } from "../shell/errors";
import { CardBody, type CardField } from "./board-card";
import { usePendingTasks } from "./board-pending";
import { asString, useStoredChoice } from "./board-storage";
import { titleOf } from "../../components/fields/context";
import { SelectOne } from "../../components/ui/select";
import { useFieldContext } from "./field-context";
import { type Card, Cell, ColumnHeader, type Lane, LaneRow, cellId, laneLabel, parseCell } from "./task-board-grid";
import type { ViewProps } from "./types";
import { DragContext } from "../../components/drag-context";

const ALL = "all";
const NO_LANES = "none";



/** Pointer drops land on the card under the pointer, else on the cell; keyboard drags use the closest centre. */
const cardsFirst: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const cards = hits.filter((h) => !String(h.id).startsWith("cell:"));
  if (cards.length > 0) return cards;
  return hits.length > 0 ? hits : closestCenter(args);
};


/** The options a viewer may split the board into swimlanes by. */
function laneChoices(definitions: FieldView[], columnField: FieldView | null) {
  return definitions.filter(
    (f) =>
      (f.slug === "participants" || f.slug === "epic" || ["select", "rotation", "multi_select"].includes(f.type_fields)) &&
      f.guid !== columnField?.guid &&
      !f.hide_to_user &&
      !f.individual_value &&
      f.entities.some((e) => e.slug === "issue" && e.permission),
  );
}

export default function TaskBoardView(props: ViewProps) {
  const { projectGuid, board, definitions, mapping, participants, canWrite, onChanged, onTaskSaved } = props;
  const { t } = useTranslation("views");
  const api = useApi();
  const serverTasks = useMemo(() => [...board.sprints.flatMap((s) => s.issues), ...board.epics], [board]);
  const { tasks, setValue, moveCards } = usePendingTasks(projectGuid, serverTasks, onChanged, onTaskSaved);
  const ctx = useFieldContext(props, tasks);

  const [storedColumns, setStoredColumns] = useStoredChoice(`taskboard:${projectGuid}:columns`, "", asString);
  const [sprintChoice, setSprintChoice] = useStoredChoice(`taskboard:${projectGuid}:sprint`, ALL, asString);
  const [laneChoice, setLaneChoice] = useStoredChoice(`taskboard:${projectGuid}:lanes`, NO_LANES, asString);
  const columnField = chooseColumnField(definitions, storedColumns);
  const candidates = useMemo(() => columnFieldCandidates(definitions), [definitions]);
  const lanesBy = laneChoices(definitions, columnField);
  const laneField = lanesBy.find((f) => f.guid === laneChoice) ?? null;
  const sprintFilter = board.sprints.some((s) => s.guid === sprintChoice) ? sprintChoice : ALL;

  const fieldBySlug = (slug: string) => definitions.find((f) => f.slug === slug);
  const typeField = fieldBySlug("issue_type");
  const sprintField = fieldBySlug("sprint");
  const estimateField = fieldBySlug("estimate");
  const titleField = fieldBySlug("title");

  // What a card shows: the mapping's fields in order, except the title and the column field.
  const cardFields = useMemo<CardField[]>(
    () =>
      [...mapping.taskboard_board_card]
        .sort((a, b) => a.sort - b.sort)
        .flatMap((m) => {
          const field = ctx.fields.get(m.custom_field.guid);
          if (!field || field.hide_to_user || field.slug === "title" || field.guid === columnField?.guid) return [];
          return [{ field, edit: m.edit_mode }];
        }),
    [mapping, ctx.fields, columnField?.guid],
  );

  const options = columnField?.settings.values_set ?? [];
  const columnGuids = useMemo(() => options.map((o) => o.guid), [options]);
  const sprintGuids = useMemo(() => board.sprints.map((s) => s.guid), [board.sprints]);

  // Cards: every task but epics, in the chosen sprint, placed in columns by the column field.
  const columns = useMemo(() => {
    const cards: Card[] = tasks.flatMap((task) => {
      const issueType = typeField ? ((valueOf(task, typeField.guid) as string | null) ?? null) : null;
      if (board.epic_type !== null && issueType === board.epic_type) return [];
      if (sprintFilter !== ALL) {
        const sprint = sprintField ? ((valueOf(task, sprintField.guid) as string | null) ?? null) : null;
        if (laneOf({ issueType, sprint }, board.epic_type, sprintGuids) !== sprintFilter) return [];
      }
      const value = columnField ? valueOf(task, columnField.guid) : null;
      return [{ guid: task.guid, number: task.number, sort: task.sort, position: task.position, column: typeof value === "string" ? value : null, task }];
    });
    return boardColumns(cards, columnGuids);
  }, [tasks, typeField, board.epic_type, sprintFilter, sprintField, sprintGuids, columnField, columnGuids]);

  const lanes = useMemo<Lane[]>(() => {
    if (!laneField) return [{ key: ALL, label: null, cells: columns }];
    const keysOf = (card: Card) => {
      const v = valueOf(card.task, laneField.guid);
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];
    };
    const order =
      laneField.type_fields === "participants"
        ? participants.map((p) => p.guid)
        : laneField.type_fields === "issue"
          ? board.epics.map((e) => e.guid)
          : laneField.settings.values_set.map((o) => o.guid);
    const perColumn = new Map([...columns].map(([col, cards]) => [col, swimlanes(cards, keysOf, order)]));
    const keys = [...order, null];
    return keys
      .map((key, i) => ({
        key: key ?? "none",
        label: laneLabel(laneField, key, ctx, t),
        cells: new Map([...perColumn].map(([col, split]) => [col, split[i]!.cards])),
      }))
      .filter((lane) => [...lane.cells.values()].some((c) => c.length > 0));
  }, [laneField, columns, participants, board.epics, ctx, t]);

  const locate = useCallback(
    (guid: string) => {
      for (const lane of lanes) for (const [column, cards] of lane.cells) if (cards.some((c) => c.guid === guid)) return { lane: lane.key, column };
      return null;
    },
    [lanes],
  );

  const [dragging, setDragging] = useState<BoardTaskView | null>(null);
  const [overCell, setOverCell] = useState<string | null>(null);

  const onDragStart = ({ active }: DragStartEvent) => setDragging(tasks.find((task) => task.guid === active.id) ?? null);
  const onDragOver = ({ over }: DragOverEvent) => {
    if (!over) return setOverCell(null);
    const id = String(over.id);
    const at = id.startsWith("cell:") ? parseCell(id) : locate(id);
    setOverCell(at ? cellId(at.lane, at.column) : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    setOverCell(null);
    if (!over || !columnField || active.id === over.id) return;
    const guid = String(active.id);
    const overId = String(over.id);
    const from = locate(guid);
    const to = overId.startsWith("cell:") ? parseCell(overId) : locate(overId);
    // Swimlanes group cards; moving between them would change another field, which the card's editors do.
    if (!from || !to || from.lane !== to.lane) return;
    const fromList = columns.get(from.column)!;
    const toList = columns.get(to.column)!;
    const same = from.column === to.column;
    let index: number;
    if (!overId.startsWith("cell:")) index = toList.findIndex((c) => c.guid === overId);
    else {
      // Dropped on a cell's free space: after the last card of that lane in the column.
      const laneCards = lanes.find((l) => l.key === to.lane)?.cells.get(to.column) ?? [];
      const lastOfLane = laneCards.length > 0 ? toList.findIndex((c) => c.guid === laneCards[laneCards.length - 1]!.guid) : -1;
      index = lastOfLane >= 0 ? lastOfLane + (same ? 0 : 1) : same ? toList.length - 1 : toList.length;
    }
    const { changed, value } = moveCard(columns, { from: { column: from.column, index: fromList.findIndex((c) => c.guid === guid) }, to: { column: to.column, index } });
    if (changed.length === 0 && value === undefined) return;
    void moveCards({ task: guid, field: columnField.guid, value, positions: changed });
  };

  const onCreate = async (column: string, title: string) => {
    if (!titleField || !columnField) return false;
    const values: { guid: string; value: unknown }[] = [
      { guid: titleField.guid, value: title },
      { guid: columnField.guid, value: column },
    ];
    const sprint = board.sprints.find((s) => s.guid === sprintFilter);
    if (sprint && !sprint.backlog && sprintField) values.push({ guid: sprintField.guid, value: sprint.guid });
    const result = await api<BoardTaskView>("POST", `/v1/project/${projectGuid}/issue`, { custom_fields: values });
    // The new task as the server answered it goes on the board: no read of the whole board.
    if (!result.error) onTaskSaved([result.data!]);
    return !result.error;
  };

  const announcements = useMemo<Announcements>(() => {
    const name = (id: string | number) => {
      const task = ctx.tasks.get(String(id));
      return task ? `#${task.number} ${titleOf(task, ctx.titleField)}` : String(id);
    };
    const where = (id: string | number | undefined) => {
      if (id === undefined) return "";
      const at = String(id).startsWith("cell:") ? parseCell(String(id)) : locate(String(id));
      const option = options.find((o) => o.guid === at?.column);
      return option ? optionLabel(option) : "";
    };
    return {
      onDragStart: ({ active }) => t("board.dnd.pickedUp", { task: name(active.id) }),
      onDragOver: ({ active, over }) => (over ? t("board.dnd.over", { task: name(active.id), column: where(over.id) }) : t("board.dnd.outside", { task: name(active.id) })),
      onDragEnd: ({ active, over }) => (over ? t("board.dnd.dropped", { task: name(active.id), column: where(over.id) }) : t("board.dnd.cancelled", { task: name(active.id) })),
      onDragCancel: ({ active }) => t("board.dnd.cancelled", { task: name(active.id) }),
    };
  }, [ctx, locate, options, t]);

  // Set once this lazily loaded view has hydrated: until then the server's HTML takes no drags.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const onSetValue = useCallback((task: string, field: string, value: unknown) => void setValue(task, field, value), [setValue]);
  const cardProps = { ctx, fields: cardFields, typeField, canWrite, onSetValue };

  if (!columnField) {
    return (
      <p className="card muted p-6 text-sm" data-testid="board-no-columns">
        {t("board.noColumnField")}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3" data-testid="task-board" data-column-field={columnField.guid} data-ready={ready || undefined}>
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t("board.settings")}>
        {[
          { name: "columnsBy", value: columnField.guid, options: candidates.map((f) => ({ value: f.guid, label: f.title })), onChange: setStoredColumns, testId: "board-column-field" },
          { name: "sprint", value: sprintFilter, options: [{ value: ALL, label: t("board.allSprints") }, ...board.sprints.map((s) => ({ value: s.guid, label: s.title }))], onChange: setSprintChoice, testId: "board-sprint" },
          { name: "swimlanes", value: laneField?.guid ?? NO_LANES, options: [{ value: NO_LANES, label: t("board.noSwimlanes") }, ...lanesBy.map((f) => ({ value: f.guid, label: f.title }))], onChange: setLaneChoice, testId: "board-lanes" },
        ].map((setting) => (
          <div key={setting.name} className="flex flex-col gap-1 text-xs font-semibold">
            {/* The select is named by the same words (its name also says what it shows). */}
            <span className="muted" aria-hidden="true">
              {t(`board.${setting.name}`)}
            </span>
            <SelectOne label={t(`board.${setting.name}`)} value={setting.value} options={setting.options} onChange={setting.onChange} className="w-48" buttonClassName="h-9 py-1 font-normal" testId={setting.testId} />
          </div>
        ))}
      </div>

      <DragContext
        keyboard={sortableKeyboardCoordinates}
        distance={5}
        collisionDetection={cardsFirst}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setDragging(null);
          setOverCell(null);
        }}
        instructions={t("board.dnd.instructions")}
        announcements={announcements}
      >
        <div className="max-h-[max(24rem,calc(100vh-21rem))] overflow-auto rounded-xl pb-2" data-testid="board-scroll">
          <div className="grid w-max gap-x-3" style={{ gridTemplateColumns: `repeat(${options.length}, 18rem)` }}>
            {options.map((option) => (
              <div key={option.guid} className="sticky top-0 z-10 bg-[var(--bg)]" data-testid="board-column" data-column={option.guid}>
                <ColumnHeader
                  option={option}
                  totals={columnTotals(columns.get(option.guid) ?? [], (c) => (estimateField ? valueOf(c.task, estimateField.guid) : null))}
                  canWrite={canWrite}
                  boxed={laneField !== null}
                  onCreate={onCreate}
                />
              </div>
            ))}
            {lanes.map((lane, laneIndex) => (
              <LaneRow key={lane.key} lane={lane} options={options} showTitle={laneField !== null} last={laneIndex === lanes.length - 1} overCell={overCell} cardProps={cardProps} />
            ))}
            {lanes.length === 0 &&
              options.map((option) => (
                <Cell key={option.guid} lane={ALL} column={option.guid} cards={[]} highlighted={false} last cardProps={cardProps} />
              ))}
          </div>
        </div>
        <DragOverlay dropAnimation={null}>{dragging ? <div className="cursor-grabbing rounded-lg shadow-xl ring-2 ring-[var(--primary)]" data-testid="drag-overlay"><CardBody task={dragging} {...cardProps} canWrite={false} /></div> : null}</DragOverlay>
      </DragContext>
    </div>
  );
}
