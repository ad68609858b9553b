import { DndContext, type DragEndEvent, closestCenter } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslation } from "react-i18next";
import { tooltip } from "../../components/ui/tooltip";
import { Link } from "react-router";
import { optionLabel } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import { Icon } from "../../components/ui/icons";
import { OptionChip } from "./color-picker";
import { useDragSensors } from "../../lib/use-drag-sensors";

/** How many option chips a row shows before "+n". */
const CHIPS_SHOWN = 4;

const iconButton = "btn btn-ghost h-8 w-8 p-0 text-[var(--muted)] hover:text-[var(--text)]";

export function SystemBadge() {
  const { t } = useTranslation("projects");
  return (
    <span className="shrink-0 rounded-full border border-[var(--border)] px-2 py-px text-[0.7rem] font-semibold tracking-wide text-[var(--muted)] uppercase" data-testid="field-system-badge">
      {t("fieldSettings.systemBadge")}
    </span>
  );
}

interface RowActions {
  detailsPath: (field: FieldView) => string;
  onToggleHidden: (field: FieldView) => void;
  onDelete: (field: FieldView) => void;
}

function FieldRow({ field, detailsPath, onToggleHidden, onDelete }: { field: FieldView } & RowActions) {
  const { t } = useTranslation("projects");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.guid });
  const options = field.settings.values_set;
  const toggleLabel = t(field.hide_to_user ? "fieldSettings.show" : "fieldSettings.hide", { name: field.title });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`group relative flex items-center gap-2 bg-[var(--surface)] py-2 pr-3 pl-2 ${isDragging ? "z-10 rounded-lg shadow-lg ring-1 ring-[var(--border)]" : "hover:bg-[var(--surface-2)]"}`}
      data-testid="field-row"
      data-guid={field.guid}
      data-system={field.system}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        className="flex h-8 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-[var(--muted)] opacity-60 group-hover:opacity-100 hover:bg-[var(--border)] focus-visible:opacity-100 active:cursor-grabbing"
        aria-label={t("fieldSettings.drag", { name: field.title })}
        data-testid="field-drag"
      >
        <Icon name="grip" size={16} />
      </button>
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <Link to={detailsPath(field)} className="truncate font-medium hover:text-[var(--primary)]" data-testid="field-title">
          {field.title}
        </Link>
        {field.system && <SystemBadge />}
        <span className="muted text-sm" data-testid="field-type">
          {t(`fields.types.${field.type_fields}`)}
        </span>
        {options.length > 0 && (
          <span className="flex min-w-0 flex-wrap items-center gap-1" data-testid="field-options">
            {options.slice(0, CHIPS_SHOWN).map((o) => (
              <OptionChip key={o.guid} label={optionLabel(o)} color={o.color} />
            ))}
            {options.length > CHIPS_SHOWN && <span className="muted text-xs">{t("fieldSettings.more", { count: options.length - CHIPS_SHOWN })}</span>}
          </span>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        <button
          type="button"
          className={iconButton}
          onClick={() => onToggleHidden(field)}
          aria-label={toggleLabel}
          {...tooltip(toggleLabel)}
          data-testid="field-toggle-hidden"
        >
          <Icon name={field.hide_to_user ? "eye" : "eyeOff"} size={17} />
        </button>
        {field.system ? (
          // A disabled button gets no pointer events, so the wrapper carries the explanation.
          <span tabIndex={0} className="rounded-lg focus-visible:shadow-[0_0_0_3px_var(--ring)] focus-visible:outline-none" {...tooltip(t("fieldSettings.systemNoDelete"))} aria-label={t("fieldSettings.systemNoDelete")} data-testid="field-delete-locked">
            <button type="button" className={`${iconButton} pointer-events-none disabled:opacity-35`} disabled aria-label={t("fieldSettings.delete", { name: field.title })} data-testid="field-delete">
              <Icon name="trash" size={17} />
            </button>
          </span>
        ) : (
          <button
            type="button"
            className={`${iconButton} hover:text-[var(--danger)]`}
            onClick={() => onDelete(field)}
            aria-label={t("fieldSettings.delete", { name: field.title })}
            {...tooltip(t("fieldSettings.delete", { name: field.title }))}
            data-testid="field-delete"
          >
            <Icon name="trash" size={17} />
          </button>
        )}
        <Link to={detailsPath(field)} className={iconButton} aria-label={t("fieldSettings.open", { name: field.title })} data-testid="field-open">
          <Icon name="chevronRight" size={17} />
        </Link>
      </div>
    </li>
  );
}

/** One list of fields (shown or hidden) whose rows can be dragged into a new order. */
export function SortableFieldList({ fields, onMove, empty, testId, ...actions }: { fields: FieldView[]; onMove: (from: number, to: number) => void; empty: string; testId: string } & RowActions) {
  const sensors = useDragSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(
      fields.findIndex((f) => f.guid === active.id),
      fields.findIndex((f) => f.guid === over.id),
    );
  };
  if (fields.length === 0) {
    return (
      <p className="muted px-6 py-5 text-sm" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={fields.map((f) => f.guid)} strategy={verticalListSortingStrategy}>
        <ul className="divide-y divide-[var(--border)] px-2 pb-2" data-testid={testId}>
          {fields.map((f) => (
            <FieldRow key={f.guid} field={f} {...actions} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
