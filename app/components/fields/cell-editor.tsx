/**
 * A field value edited in a table cell or on a task-board card: the kit's inputs and choice
 * list (the task page's, see `field-editor.tsx`), framed for a grid. Keyboard first: Enter
 * saves, Escape cancels, arrows move through choices. The editor calls `onCommit` with the new
 * value (null clears) or `onCancel`; it never writes by itself.
 */
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldView } from "../../../workers/services/field-definitions";
import { type Choice, ChoiceList } from "../ui/select";
import { choicesFor, isMultiple, valueFromPicks } from "./choices";
import { type ValueContext, idsOf } from "./context";
import { ValueInput } from "./value-input";

/** Kinds a cell edits; long text and task references are edited in the task itself. */
const EDITABLE = new Set(["text", "url", "number", "date", "checkbox", "select", "rotation", "multi_select", "participant", "participants", "sprint"]);
export const isEditableField = (field: Pick<FieldView, "type_fields" | "individual_value">) => EDITABLE.has(field.type_fields) && !field.individual_value;
/** Kinds edited in the cell's own box; the others open a list under it. */
export const isInlineEdited = (field: Pick<FieldView, "type_fields">) => ["text", "url", "number", "date"].includes(field.type_fields);

interface EditorProps {
  field: FieldView;
  value: unknown;
  ctx: ValueContext;
  onCommit: (value: unknown) => void;
  onCancel: () => void;
}

/** Keeps pointer presses inside an editor from starting a card drag underneath it. */
const stopDrag = { onPointerDown: (e: { stopPropagation: () => void }) => e.stopPropagation() };

/** The editor for a field: an input for text, numbers and dates, a choice list for the rest. */
export function CellEditor(props: EditorProps) {
  return isInlineEdited(props.field) ? <CellInput {...props} /> : <CellChoices {...props} />;
}

/** What an input's text stores: trimmed, a number for numbers; undefined leaves the value as it was. */
function parsed(field: FieldView, text: string): unknown {
  const trimmed = text.trim();
  // A task cannot lose its title.
  if (trimmed === "") return field.slug === "title" ? undefined : null;
  if (field.type_fields !== "number") return trimmed;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

function CellInput({ field, value, onCommit, onCancel }: EditorProps) {
  const { t } = useTranslation("views");
  const type = field.type_fields as "text" | "url" | "number" | "date";
  const initial = value === null || value === undefined ? "" : type === "date" ? String(value).slice(0, 10) : String(value);
  return (
    <span className="flex min-w-0 flex-1" {...stopDrag}>
      <ValueInput
        type={type}
        value={initial}
        label={t("editor.edit", { field: field.title })}
        className="h-8"
        onCancel={onCancel}
        onSave={(text) => {
          const next = parsed(field, text);
          if (next === undefined) onCancel();
          else onCommit(next);
        }}
        testId="value-editor"
      />
    </span>
  );
}

/**
 * The field's choices under the cell. One choice: Enter or a click saves it at once. Several
 * (tags, people): Enter or a click ticks, Done or leaving the list saves, Escape cancels.
 */
function CellChoices({ field, value, ctx, onCommit, onCancel }: EditorProps) {
  const { t } = useTranslation("views");
  const { t: tt } = useTranslation("task");
  const multiple = isMultiple(field);
  const initial = useMemo(() => idsOf(value), [value]);
  const choices = useMemo(() => choicesFor(field, ctx, initial, tt), [field, ctx, initial, tt]);
  const [picked, setPicked] = useState<(string | null)[]>(initial);
  const done = useRef(false);
  const finish = (next?: unknown) => {
    if (done.current) return;
    done.current = true;
    if (next === undefined) onCancel();
    else onCommit(next);
  };
  const commitPicked = () => {
    const same = picked.length === initial.length && picked.every((id) => initial.includes(id as string));
    finish(same ? undefined : valueFromPicks(field, picked));
  };
  const pick = (choice: Choice) => {
    if (multiple) return setPicked((p) => (p.includes(choice.id) ? p.filter((x) => x !== choice.id) : [...p, choice.id]));
    finish(choice.id === (initial[0] ?? null) ? undefined : choice.id);
  };
  return (
    <div
      {...stopDrag}
      className="card absolute left-0 top-full z-30 mt-1 w-64 p-1.5 text-left"
      role="dialog"
      aria-label={t("editor.edit", { field: field.title })}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) (multiple ? commitPicked() : finish());
      }}
      // The grid's arrow keys stay out of the list.
      onKeyDown={(e) => e.stopPropagation()}
      data-testid="value-editor"
    >
      <ChoiceList
        label={field.title}
        choices={choices}
        selected={multiple ? picked : initial}
        multiple={multiple}
        withSearch
        optionTestId="editor-choice"
        onPick={pick}
        onClose={(reason) => (reason === "escape" || !multiple ? finish() : commitPicked())}
        footer={
          multiple && (
            <div className="mt-1 flex justify-end border-t border-[var(--border)] pt-1.5">
              <button type="button" className="btn btn-primary px-3 py-1 text-sm" onClick={commitPicked} data-testid="editor-done">
                {t("editor.done")}
              </button>
            </div>
          )
        }
      />
    </div>
  );
}
