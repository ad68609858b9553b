/**
 * A task-board card: issue-type colour, number, title (a link to the task), and the fields the
 * `taskboard_board_card` mapping names, those marked editable changeable in place.
 */
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FieldOption } from "../../../domain/fields/types";
import { valueOf } from "../../../domain/planning/table";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { Icon } from "../../components/ui/icons";
import { CellEditor, isEditableField } from "../../components/fields/cell-editor";
import { type FieldContext, titleOf } from "../../components/fields/context";
import { FieldValue } from "../../components/fields/field-value";

/** A field the card shows, and whether the mapping lets it be edited on the card. */
export interface CardField {
  field: FieldView;
  edit: boolean;
}

export interface CardProps {
  task: BoardTaskView;
  ctx: FieldContext;
  fields: readonly CardField[];
  /** The issue-type field, for the card's colour. */
  typeField: FieldView | undefined;
  canWrite: boolean;
  onSetValue: (task: string, field: string, value: unknown) => void;
}

/** The address of a task's modal over the task board. */
export const taskLink = (projectGuid: string, task: string, view: string) => ({ pathname: `/project/${projectGuid}/taskboard/${task}`, search: `?view=${view}` });

function CardFieldView({ task, item, ctx, canWrite, onSetValue }: { task: BoardTaskView; item: CardField; ctx: FieldContext; canWrite: boolean; onSetValue: CardProps["onSetValue"] }) {
  const { t } = useTranslation("views");
  const [editing, setEditing] = useState(false);
  const value = valueOf(task, item.field.guid);
  const shown = <FieldValue field={item.field} value={value} ctx={ctx} density="card" />;
  const empty = value === null || (Array.isArray(value) && value.length === 0) || value === "";
  if (!(canWrite && item.edit && isEditableField(item.field))) {
    return empty ? null : (
      <span className="inline-flex min-w-0 max-w-full items-center" data-testid="card-field" data-field={item.field.guid}>
        {shown}
      </span>
    );
  }
  return (
    <span className="relative inline-flex min-w-0 max-w-full" data-testid="card-field" data-field={item.field.guid}>
      {editing && item.field.type_fields !== "checkbox" ? (
        <CellEditor
          field={item.field}
          value={value}
          ctx={ctx}
          onCancel={() => setEditing(false)}
          onCommit={(next) => {
            setEditing(false);
            onSetValue(task.guid, item.field.guid, next);
          }}
        />
      ) : null}
      <button
        type="button"
        className={`inline-flex min-h-6 min-w-0 max-w-full items-center gap-1 rounded-md px-1 text-left hover:bg-[var(--surface-2)] ${empty ? "muted text-xs" : ""}`}
        aria-label={t("editor.edit", { field: item.field.title })}
        aria-haspopup="dialog"
        onPointerDown={(e) => e.stopPropagation()}
        onClick={() => (item.field.type_fields === "checkbox" ? onSetValue(task.guid, item.field.guid, value !== true) : setEditing(true))}
        data-testid="card-field-edit"
      >
        {empty ? (
          <>
            <Icon name="plus" size={12} />
            <span className="truncate">{item.field.title}</span>
          </>
        ) : (
          shown
        )}
      </button>
    </span>
  );
}

/** What a card shows; the sortable wrapper and the drag overlay both render it. */
export function CardBody({ task, ctx, fields, typeField, canWrite, onSetValue, handle }: CardProps & { handle?: React.ReactNode }) {
  const { t } = useTranslation("views");
  const title = titleOf(task, ctx.titleField);
  const typeValue = typeField ? valueOf(task, typeField.guid) : null;
  const type: FieldOption | undefined = typeField?.settings.values_set.find((o) => o.guid === typeValue);
  const link = taskLink(ctx.projectGuid, task.guid, "board");
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-[var(--border)] border-l-4 bg-[var(--surface)] p-2.5 shadow-sm" style={{ borderLeftColor: type?.color ?? "var(--border)" }}>
      <div className="flex items-start gap-2">
        <Link to={link} preventScrollReset className="min-w-0 flex-1 text-sm font-medium leading-snug hover:underline" data-testid="card-title" data-shortcut-open>
          {title || t("values.untitled")}
        </Link>
        {handle}
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <Link to={link} preventScrollReset className="muted text-xs font-medium tabular-nums hover:underline" aria-label={t("board.open", { number: task.number })} data-testid="card-number">
          #{task.number}
        </Link>
        {fields.map((item) => (
          <CardFieldView key={item.field.guid} task={task} item={item} ctx={ctx} canWrite={canWrite} onSetValue={onSetValue} />
        ))}
      </div>
    </div>
  );
}

/**
 * A card that can be dragged: with the pointer anywhere on it, with the keyboard from its grip
 * (Space or Enter picks it up, arrows move it, Space or Enter drops it, Escape cancels).
 */
export const SortableCard = memo(function SortableCard(props: CardProps & { column: string }) {
  const { t } = useTranslation("views");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.task.guid,
    disabled: !props.canWrite,
    data: { column: props.column },
  });
  const title = titleOf(props.task, props.ctx.titleField);
  const handle = props.canWrite ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      onKeyDown={listeners?.onKeyDown as React.KeyboardEventHandler | undefined}
      className="muted -mr-1 -mt-0.5 shrink-0 cursor-grab touch-none rounded p-0.5 hover:bg-[var(--surface-2)]"
      aria-label={t("board.drag", { number: props.task.number, title })}
      data-testid="card-drag"
    >
      <Icon name="grip" size={16} />
    </button>
  ) : undefined;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`list-none ${props.canWrite ? "cursor-grab" : ""} ${isDragging ? "opacity-40" : ""}`}
      onPointerDown={listeners?.onPointerDown as React.PointerEventHandler | undefined}
      data-testid="board-card"
      data-shortcut-item
      data-guid={props.task.guid}
      data-number={props.task.number}
      data-title={title}
    >
      <CardBody {...props} handle={handle} />
    </li>
  );
});
