/**
 * The table (`?view=table`): one row per task (epics included), one column per field a task may
 * show. TanStack Table v9 keeps sorting and column visibility; TanStack Virtual renders only
 * the rows in view, so thousands of tasks scroll smoothly. Cells edit in place: Enter (or a
 * double click) edits, Enter saves, Escape cancels, arrows move between cells.
 */
import { type ColumnDef, type ColumnVisibilityState, type SortingState, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Condition } from "../../../domain/fields/filters";
import { conditionComplete, filterTasks, isEmptyValue, tableFields, valueOf } from "../../../domain/planning/table";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { useViewer } from "../shell/viewer";
import { taskLink } from "./board-card";
import { usePendingTasks } from "./board-pending";
import { asFlags, useStoredChoice } from "./board-storage";
import { isEditableField } from "../../components/fields/cell-editor";
import { useFieldCompare } from "../../components/fields/compare";
import { FilterBar } from "./table-filters";
import { useFieldContext } from "./field-context";
import { CellContent, ColumnPicker, type Features, HeaderCell, NUMBER_COLUMN, features, stickyLeft, widthOf } from "./table-view-parts";
import type { ViewProps } from "./types";
import { boardIsEmpty } from "./empty-board";

const ROW_HEIGHT = 40;

type Position = { row: number; col: number };

export default function TableView(props: ViewProps) {
  const { projectGuid, board, definitions, canWrite, onChanged, onTaskSaved } = props;
  const { t, i18n } = useTranslation("views");
  const viewer = useViewer();
  const navigate = useNavigate();
  const serverTasks = useMemo(() => [...board.sprints.flatMap((s) => s.issues), ...board.epics].sort((a, b) => a.number - b.number), [board]);
  const { tasks, setValue } = usePendingTasks(projectGuid, serverTasks, onChanged, onTaskSaved);
  const ctx = useFieldContext(props, tasks);
  const fields = useMemo(() => tableFields(definitions), [definitions]);
  const fieldById = useMemo(() => new Map(fields.map((f) => [f.guid, f])), [fields]);

  const [conditions, setConditions] = useState<Condition[]>([]);
  const active = useMemo(() => conditions.filter(conditionComplete), [conditions]);
  const rows = useMemo(() => filterTasks(tasks, active), [tasks, active]);

  // Hidden columns per project; long texts start hidden (they do not fit a row).
  const defaultHidden = useMemo(() => Object.fromEntries(fields.filter((f) => f.type_fields === "long_text").map((f) => [f.guid, false])), [fields]);
  const [columnVisibility, setColumnVisibility] = useStoredChoice<ColumnVisibilityState>(`table:${projectGuid}:columns`, defaultHidden, asFlags);
  const [sorting, setSorting] = useState<SortingState>([]);

  const compareOf = useFieldCompare(ctx, i18n.language);

  const columns = useMemo<ColumnDef<Features, BoardTaskView>[]>(
    () => [
      { id: NUMBER_COLUMN, accessorFn: (task) => task.number, header: "#", enableHiding: false, sortDescFirst: false },
      ...fields.map<ColumnDef<Features, BoardTaskView>>((field) => {
        const compare = compareOf(field);
        return {
          id: field.guid,
          header: field.title,
          // Empty values read as undefined, which the table keeps last in both directions.
          accessorFn: (task) => {
            const v = valueOf(task, field.guid);
            return isEmptyValue(v) ? undefined : v;
          },
          sortUndefined: "last",
          sortDescFirst: false,
          sortFn: (a, b, id) => compare(a.getValue(id), b.getValue(id)),
        };
      }),
    ],
    [fields, compareOf],
  );

  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (task) => task.guid,
    state: { sorting, columnVisibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: (updater) => setColumnVisibility(typeof updater === "function" ? updater(columnVisibility) : updater),
  });
  const tableRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const totalWidth = visibleColumns.reduce((w, c) => w + widthOf(c.id, fieldById.get(c.id)), 0);

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => tableRows[index]!.id,
  });

  // Keyboard position (roving focus) and the cell being edited.
  const [focus, setFocus] = useState<Position>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<{ task: string; field: string } | null>(null);
  const focusCell = useCallback(
    (pos: Position) => {
      const row = Math.max(0, Math.min(tableRows.length - 1, pos.row));
      const col = Math.max(0, Math.min(visibleColumns.length - 1, pos.col));
      setFocus({ row, col });
      virtualizer.scrollToIndex(row, { align: "auto" });
      // A cell already rendered takes the focus at once: a key pressed right after the arrow (←
      // then Enter) must reach the new cell, not wait for the next frame. A row scrolled into
      // view is rendered by then.
      const cell = `[data-cell="${row}:${col}"]`;
      const there = scroller.current?.querySelector<HTMLElement>(cell);
      if (there) there.focus();
      else requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(cell)?.focus());
    },
    [tableRows.length, visibleColumns.length, virtualizer],
  );
  useEffect(() => {
    if (focus.row >= tableRows.length && tableRows.length > 0) setFocus((f) => ({ ...f, row: tableRows.length - 1 }));
  }, [focus.row, tableRows.length]);

  const startEdit = (task: BoardTaskView, column: string) => {
    const field = fieldById.get(column);
    if (!canWrite || !field || !isEditableField(field)) return;
    if (field.type_fields === "checkbox") return void setValue(task.guid, field.guid, valueOf(task, field.guid) !== true);
    setEditing({ task: task.guid, field: field.guid });
  };

  const onCellKey = (e: KeyboardEvent<HTMLElement>, pos: Position, task: BoardTaskView, column: string) => {
    if (editing) return;
    const moves: Record<string, Position> = {
      ArrowDown: { row: pos.row + 1, col: pos.col },
      ArrowUp: { row: pos.row - 1, col: pos.col },
      ArrowRight: { row: pos.row, col: pos.col + 1 },
      ArrowLeft: { row: pos.row, col: pos.col - 1 },
      Home: { row: pos.row, col: 0 },
      End: { row: pos.row, col: visibleColumns.length - 1 },
      PageDown: { row: pos.row + 10, col: pos.col },
      PageUp: { row: pos.row - 10, col: pos.col },
    };
    if (moves[e.key]) {
      e.preventDefault();
      focusCell(moves[e.key]!);
    } else if (e.key === "Enter" || e.key === "F2") {
      e.preventDefault();
      if (column === NUMBER_COLUMN) void navigate(taskLink(projectGuid, task.guid, "table"), { preventScrollReset: true });
      else startEdit(task, column);
    }
  };

  const endEdit = (pos: Position) => {
    setEditing(null);
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-cell="${pos.row}:${pos.col}"]`)?.focus());
  };

  // Set once this lazily loaded view has hydrated: until then the server's HTML takes no input.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const renderedRows = virtualizer.getVirtualItems();
  const focusRendered = renderedRows.some((r) => r.index === focus.row);
  const tabStop = focusRendered ? focus : { row: renderedRows[0]?.index ?? 0, col: focus.col };

  return (
    <div className="flex flex-col gap-3" data-testid="table-view" data-ready={ready || undefined}>
      <FilterBar
        projectGuid={projectGuid}
        viewerGuid={viewer?.guid}
        fields={fields}
        ctx={ctx}
        conditions={conditions}
        onConditions={setConditions}
        shown={rows.length}
        total={tasks.length}
      />
      <div className="flex items-center gap-2">
        <ColumnPicker columns={table.getAllLeafColumns()} fieldById={fieldById} />
        <p className="muted text-xs">{canWrite ? t("table.hint") : t("table.readOnly")}</p>
      </div>
      <div
        ref={scroller}
        className="card relative h-[max(20rem,calc(100vh-27rem))] overflow-auto"
        role="grid"
        aria-label={t("table.label")}
        aria-rowcount={tableRows.length + 1}
        aria-colcount={visibleColumns.length}
        data-testid="table-scroll"
      >
        <div style={{ width: totalWidth, minWidth: "100%" }}>
          <div role="row" aria-rowindex={1} className="sticky top-0 z-20 flex border-b border-[var(--border)] bg-[var(--surface-2)]" data-testid="table-header">
            {visibleColumns.map((column, col) => (
              <HeaderCell key={column.id} column={column} width={widthOf(column.id, fieldById.get(column.id))} sticky={stickyLeft(visibleColumns, col, fieldById)} />
            ))}
          </div>
          <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {tableRows.length === 0 && !boardIsEmpty(board) && <p className="muted p-6 text-center text-sm">{t("table.empty")}</p>}
            {renderedRows.map((item) => {
              const row = tableRows[item.index]!;
              const task = row.original;
              const editingRow = editing?.task === task.guid;
              return (
                <div
                  key={row.id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className={`group absolute left-0 flex w-full border-b border-[var(--border)] bg-[var(--surface)] hover:bg-[var(--surface-2)] ${editingRow ? "z-10" : ""}`}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                  data-testid="table-row"
                  data-guid={task.guid}
                  data-number={task.number}
                >
                  {visibleColumns.map((column, col) => {
                    const pos = { row: item.index, col };
                    const field = fieldById.get(column.id);
                    const isEditing = editingRow && editing?.field === column.id;
                    const sticky = stickyLeft(visibleColumns, col, fieldById);
                    return (
                      <div
                        key={column.id}
                        role="gridcell"
                        aria-colindex={col + 1}
                        tabIndex={tabStop.row === item.index && tabStop.col === col ? 0 : -1}
                        className={`relative flex shrink-0 items-center border-r border-[var(--border)] px-2 text-sm outline-none last:border-r-0 focus-visible:shadow-[inset_0_0_0_2px_var(--primary)] ${isEditing ? "overflow-visible" : "overflow-hidden"} ${sticky !== undefined ? "sticky z-[5] bg-[var(--surface)] group-hover:bg-[var(--surface-2)]" : ""}`}
                        style={{ width: widthOf(column.id, field), left: sticky }}
                        onFocus={() => setFocus(pos)}
                        onKeyDown={(e) => onCellKey(e, pos, task, column.id)}
                        onDoubleClick={() => column.id !== NUMBER_COLUMN && startEdit(task, column.id)}
                        data-cell={`${pos.row}:${pos.col}`}
                        data-column={column.id}
                        data-testid="table-cell"
                      >
                        {column.id === NUMBER_COLUMN ? (
                          <Link
                            to={taskLink(projectGuid, task.guid, "table")}
                            preventScrollReset
                            tabIndex={-1}
                            className="link tabular-nums"
                            aria-label={t("table.open", { number: task.number })}
                            data-testid="table-number"
                          >
                            #{task.number}
                          </Link>
                        ) : field ? (
                          <CellContent
                            task={task}
                            field={field}
                            ctx={ctx}
                            editing={isEditing}
                            editable={canWrite && isEditableField(field)}
                            onCommit={(value) => {
                              endEdit(pos);
                              void setValue(task.guid, field.guid, value);
                            }}
                            onCancel={() => endEdit(pos)}
                          />
                        ) : null}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
