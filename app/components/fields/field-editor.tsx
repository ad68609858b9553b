/**
 * A value of one field edited in place on the task page (and a document's panel), by the
 * field's kind: text-like values with the inputs of `text-editors.tsx`, options, people, sprints
 * and tasks with the kit's Select. What the button of a Select shows is the kit's `FieldValue`
 * at the page's density; read-only viewers get that alone. A table cell edits the same kinds
 * with `CellEditor` (the same choices and inputs, framed for a grid).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldOption } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import { Select } from "../ui/select";
import { isMultiple, valueFromPicks } from "./choices";
import { FieldSelect } from "./field-select";
import { type TaskRefView, type ValueContext, idsOf } from "./context";
import { Empty, FieldValue } from "./field-value";
import { InlineText, LongText } from "./text-editors";
import { ValueInput } from "./value-input";

/** A search of the project's tasks by number or words, owned by the page (it reads the API). */
export interface TaskSearch {
  query: string;
  setQuery: (query: string) => void;
  results: TaskRefView[];
}

/** What the page's editors need besides the field and the value. */
export interface EditorContext extends ValueContext {
  /** Tasks offered for task fields (the epics for the epic field). */
  taskChoices: (field: FieldView) => TaskRefView[];
  statusOf: (task: TaskRefView) => FieldOption | undefined;
  /** Remembers a task picked from a search until the page reads its value again. */
  remember?: (task: TaskRefView) => void;
  /** Searches tasks for fields naming any task (not the epic). */
  search?: TaskSearch;
  /** Makes a new label of the project (the tags field); resolves to its guid. */
  createLabel?: (name: string) => Promise<string | null>;
  readOnly: boolean;
}

/** The value of `field` on the task, with its editor when the viewer may write. */
export function FieldEditor({ field, value, onSave, ctx }: { field: FieldView; value: unknown; onSave: (value: unknown) => Promise<string | undefined>; ctx: EditorContext }) {
  const { t } = useTranslation("task");
  const label = field.title;
  const testId = `value-${field.slug ?? field.guid}`;
  const ids = idsOf(value);
  const ro = ctx.readOnly;
  const kind = field.type_fields;
  const shown = <FieldValue field={field} value={value} ctx={ctx} density="page" />;

  switch (kind) {
    case "text":
    case "url": {
      const text = typeof value === "string" ? value : "";
      return (
        <InlineText
          value={text}
          label={label}
          readOnly={ro}
          inputType={kind}
          onSave={(next) => void onSave(next === "" ? null : next)}
          display={kind === "url" && text ? shown : undefined}
          className="text-sm"
          inputClassName="py-1 text-sm"
          testId={testId}
        />
      );
    }
    case "long_text":
      return <LongText value={typeof value === "string" ? value : ""} label={label} readOnly={ro} onSave={(next) => onSave(next === "" ? null : next)} testId={testId} />;
    case "number":
    case "date": {
      if (ro) {
        return (
          <span className="px-2 text-sm" data-testid={testId}>
            {shown}
          </span>
        );
      }
      const text = kind === "number" ? (typeof value === "number" ? String(value) : "") : typeof value === "string" ? value.slice(0, 10) : "";
      return <ValueInput type={kind} value={text} label={label} testId={testId} onSave={(next) => void onSave(next === "" ? null : kind === "number" ? Number(next) : next)} />;
    }
    case "checkbox":
      return (
        <label className="flex items-center gap-2 px-2 text-sm">
          <input type="checkbox" className="h-4 w-4" checked={value === true} disabled={ro} onChange={(e) => void onSave(e.target.checked)} aria-label={label} data-testid={testId} />
          <span className="muted">{value === true ? t("field.yes") : t("field.no")}</span>
        </label>
      );
    case "select":
    case "rotation":
    case "multi_select":
    case "participant":
    case "participants":
    case "sprint": {
      if (ro) return <span className="block px-2 py-1" data-testid={testId}>{shown}</span>;
      /** Tags are the project's labels: a new one is made and put on the task. */
      const createLabel = async (name: string) => {
        const created = await ctx.createLabel?.(name);
        if (created) await onSave([...ids, created]);
      };
      return (
        <FieldSelect field={field} value={value} ctx={ctx} onSave={(next) => void onSave(next)} onCreate={field.slug === "tags" && ctx.createLabel ? (name) => void createLabel(name) : undefined} testId={testId}>
          {shown}
        </FieldSelect>
      );
    }
    case "issue":
    case "issues":
      return <TaskFieldEditor field={field} ids={ids} onSave={onSave} ctx={ctx} testId={testId} shown={shown} />;
    default:
      return <span className="px-2 text-sm">{value === null || value === undefined ? <Empty /> : String(value)}</span>;
  }
}

/**
 * A value naming tasks (an epic, a list of tasks). The epic field offers the project's epics;
 * other task fields search all tasks by number or words as the user types.
 */
function TaskFieldEditor({ field, ids, onSave, ctx, testId, shown }: { field: FieldView; ids: string[]; onSave: (value: unknown) => Promise<string | undefined>; ctx: EditorContext; testId: string; shown: ReactNode }) {
  const { t } = useTranslation("task");
  const search = field.slug !== "epic" ? ctx.search : undefined;
  const query = search?.query.trim() ?? "";
  const tasks = ids.flatMap((id) => {
    const task = ctx.task(id);
    return task ? [task] : [];
  });
  const multiple = isMultiple(field);
  if (ctx.readOnly) return <span className="block px-2 py-1" data-testid={testId}>{shown}</span>;
  const found = search?.results ?? [];
  const offered = search ? (query ? found : []) : ctx.taskChoices(field);
  const all = [...(query && search ? [] : tasks), ...offered.filter((o) => !ids.includes(o.guid) || (search && query))];
  const choices = [
    ...(multiple || query ? [] : [{ id: null, label: t("field.none") }]),
    ...all.map((task) => ({ id: task.guid, label: task.title, hint: `#${task.number}`, color: ctx.statusOf(task)?.color })),
  ];
  return (
    <Select
      label={field.title}
      choices={choices}
      selected={ids}
      multiple={multiple}
      onQuery={search?.setQuery}
      onChange={(next) => {
        // Picked search hits are not among the page's tasks until it reads the value again.
        for (const task of found) if (next.includes(task.guid)) ctx.remember?.(task);
        void onSave(valueFromPicks(field, next));
      }}
      testId={testId}
    >
      {tasks.length ? (
        <span className="flex min-w-0 flex-col gap-0.5">
          {tasks.map((task) => (
            <span key={task.guid} className="flex min-w-0 items-center gap-1.5">
              <span className="muted shrink-0 tabular-nums">#{task.number}</span>
              <span className="truncate">{task.title}</span>
            </span>
          ))}
        </span>
      ) : (
        <Empty />
      )}
    </Select>
  );
}
