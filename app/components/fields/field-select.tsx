/** The kit's Select over a field's choices, apart from the task page's editors so a board row loads only it. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldView } from "../../../workers/services/field-definitions";
import { Select } from "../ui/select";
import { choicesFor, isMultiple, valueFromPicks } from "./choices";
import { type ValueContext, idsOf } from "./context";

/**
 * The kit's Select over a field's choices (options, people, sprints): the task page's editor of
 * those kinds, and the planning board's editable line values. `children` is what the button shows.
 */
export function FieldSelect({
  field,
  value,
  ctx,
  onSave,
  children,
  testId,
  onCreate,
  buttonClassName,
  alignEnd,
  compact,
  required,
}: {
  field: FieldView;
  value: unknown;
  ctx: ValueContext;
  onSave: (value: unknown) => void;
  children: ReactNode;
  testId: string;
  onCreate?: (name: string) => void;
  buttonClassName?: string;
  alignEnd?: boolean;
  /** A small pill (a board line's value). */
  compact?: boolean;
  /** No "none" row (a task's status and type). */
  required?: boolean;
}) {
  const { t } = useTranslation("task");
  const ids = idsOf(value);
  // The backlog is stored as no sprint: its row is the selected one then.
  const selected = field.type_fields === "sprint" && !ctx.sprints.some((s) => s.guid === ids[0] && !s.backlog) ? [] : ids;
  return (
    <Select
      label={field.title}
      choices={choicesFor(field, ctx, ids, t, required)}
      selected={selected}
      multiple={isMultiple(field)}
      onChange={(next) => onSave(valueFromPicks(field, next))}
      onCreate={onCreate}
      testId={testId}
      buttonClassName={buttonClassName}
      alignEnd={alignEnd}
      compact={compact}
    >
      {children}
    </Select>
  );
}

