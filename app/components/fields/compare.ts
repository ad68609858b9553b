/**
 * The kit's sort order of a field's values (the table sorts by it): the domain's rule
 * (`compareFieldValues` in domain/planning/table.ts: options by their order in the field,
 * sprints by the board's order, people by name, tasks by number, text by the reader's
 * collation, empty values last), given the names and orders of what values point at.
 */
import { useMemo } from "react";
import { type CompareContext, compareFieldValues } from "../../../domain/planning/table";
import type { FieldType } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { FieldContext } from "./context";

export type ValueCompare = (a: unknown, b: unknown) => number;

/** A comparator per field, in the reader's language; built again when what it ranks by changes. */
export function useFieldCompare(ctx: FieldContext, language: string): (field: FieldView) => ValueCompare {
  const base = useMemo<CompareContext>(
    () => ({
      names: new Map([...ctx.people.values()].map((p) => [p.guid, p.name])),
      sprintOrder: new Map(ctx.sprints.map((s, i) => [s.guid, i])),
      taskNumbers: new Map([...ctx.tasks.values()].map((task) => [task.guid, task.number])),
      collator: new Intl.Collator(language, { sensitivity: "base", numeric: true }),
    }),
    [ctx.people, ctx.sprints, ctx.tasks, language],
  );
  return useMemo(
    () => (field: FieldView) => {
      const within = { ...base, optionOrder: new Map(field.settings.values_set.map((o, i) => [o.guid, i])) };
      return (a: unknown, b: unknown) => compareFieldValues(field.type_fields as FieldType, a, b, within);
    },
    [base],
  );
}
