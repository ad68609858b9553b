/**
 * The table view's pieces around its grid: column widths, the sticky left edge, a sortable
 * header cell, a cell's content (value or editor) and the column picker.
 */
import { type Column, columnVisibilityFeature, createSortedRowModel, rowSortingFeature, tableFeatures } from "@tanstack/react-table";
import { useTranslation } from "react-i18next";
import type { FieldType } from "../../../domain/fields/types";
import { valueOf } from "../../../domain/planning/table";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { Icon } from "../../components/ui/icons";
import { Popover } from "../../components/ui/popover";
import { CellEditor, isInlineEdited } from "../../components/fields/cell-editor";
import type { FieldContext } from "../../components/fields/context";
import { FieldValue } from "../../components/fields/field-value";

export const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel(), columnVisibilityFeature });
export type Features = typeof features;

export const NUMBER_COLUMN = "number";

/** Column widths by field type (px): wide enough to read, narrow enough to see many. */
const WIDTH: Partial<Record<FieldType, number>> = {
  text: 220,
  long_text: 260,
  number: 110,
  date: 120,
  checkbox: 100,
  url: 200,
  select: 160,
  rotation: 160,
  multi_select: 210,
  participant: 170,
  participants: 180,
  issue: 220,
  issues: 140,
  sprint: 160,
};
export const widthOf = (column: string, field: FieldView | undefined) => (column === NUMBER_COLUMN ? 76 : field?.slug === "title" ? 340 : (WIDTH[field?.type_fields as FieldType] ?? 180));

/** The number and title columns stay in view while the table scrolls sideways. */
export function stickyLeft(columns: Column<Features, BoardTaskView, unknown>[], index: number, fieldById: ReadonlyMap<string, FieldView>): number | undefined {
  const isSticky = (c: Column<Features, BoardTaskView, unknown>) => c.id === NUMBER_COLUMN || fieldById.get(c.id)?.slug === "title";
  if (!isSticky(columns[index]!)) return undefined;
  let left = 0;
  for (let i = 0; i < index; i++) {
    if (!isSticky(columns[i]!)) return undefined;
    left += widthOf(columns[i]!.id, fieldById.get(columns[i]!.id));
  }
  return left;
}

export function HeaderCell({ column, width, sticky }: { column: Column<Features, BoardTaskView, unknown>; width: number; sticky: number | undefined }) {
  const { t } = useTranslation("views");
  const sorted = column.getIsSorted();
  const title = String(column.columnDef.header ?? "");
  return (
    <div
      role="columnheader"
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
      className={`flex h-10 shrink-0 items-center border-r border-[var(--border)] last:border-r-0 ${sticky !== undefined ? "sticky z-[6] bg-[var(--surface-2)]" : ""}`}
      style={{ width, left: sticky }}
      data-testid="table-column"
      data-column={column.id}
    >
      <button
        type="button"
        className="flex h-full w-full min-w-0 items-center gap-1 px-2 text-left text-xs font-semibold uppercase tracking-wide hover:text-[var(--primary)]"
        onClick={column.getToggleSortingHandler()}
        aria-label={t("table.sortBy", { column: title === "#" ? t("table.number") : title })}
        data-testid="table-sort"
      >
        <span className="truncate">{title}</span>
        {sorted && <Icon name="chevronRight" size={14} className={sorted === "asc" ? "-rotate-90" : "rotate-90"} />}
      </button>
    </div>
  );
}

export function CellContent({
  task,
  field,
  ctx,
  editing,
  editable,
  onCommit,
  onCancel,
}: {
  task: BoardTaskView;
  field: FieldView;
  ctx: FieldContext;
  editing: boolean;
  editable: boolean;
  onCommit: (value: unknown) => void;
  onCancel: () => void;
}) {
  const value = valueOf(task, field.guid);
  const shown = <FieldValue field={field} value={value} ctx={ctx} density="cell" />;
  if (!editing) {
    return (
      <span className={`flex min-w-0 flex-1 items-center overflow-hidden whitespace-nowrap ${field.slug === "title" ? "font-medium" : ""} ${editable ? "cursor-text" : ""}`} data-testid="cell-value">
        {shown}
      </span>
    );
  }
  const editor = <CellEditor field={field} value={value} ctx={ctx} onCommit={onCommit} onCancel={onCancel} />;
  // Text, numbers and dates are edited in the cell's box; a list opens under the value.
  return isInlineEdited(field) ? (
    editor
  ) : (
    <span className="relative flex min-w-0 flex-1 items-center">
      {shown}
      {editor}
    </span>
  );
}

/** Shows or hides columns; the choice is kept per project. */
export function ColumnPicker({ columns, fieldById }: { columns: Column<Features, BoardTaskView, unknown>[]; fieldById: ReadonlyMap<string, FieldView> }) {
  const { t } = useTranslation("views");
  const hideable = columns.filter((c) => c.getCanHide());
  return (
    <Popover
      label={t("table.columns")}
      buttonLabel={t("table.columns")}
      button={
        <>
          <Icon name="eye" size={16} />
          {t("table.columns")}
        </>
      }
      buttonClassName="btn px-3 py-1 text-sm"
      buttonTestId="columns-open"
      align="left"
      panelClassName="w-60"
    >
      {() => (
        <fieldset className="flex max-h-80 flex-col gap-0.5 overflow-y-auto p-2" data-testid="columns-picker">
          <legend className="sr-only">{t("table.columns")}</legend>
          {hideable.map((c) => (
            <label key={c.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-[var(--surface-2)]">
              <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} data-testid="column-toggle" data-column={c.id} />
              <span className="truncate">{fieldById.get(c.id)?.title ?? c.id}</span>
            </label>
          ))}
        </fieldset>
      )}
    </Popover>
  );
}
