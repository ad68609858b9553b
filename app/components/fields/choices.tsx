/**
 * The choices a field's editor offers, by kind: the field's options with their colours, the
 * project's verified people (those already chosen stay listed, to be removed), the sprints (the
 * backlog is "no sprint"; archived ones only when chosen). The task page's select and a table
 * cell's list offer the same.
 */
import type { TFunction } from "i18next";
import { optionLabel } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import { Avatar } from "../ui/avatar";
import type { Choice } from "../ui/select";
import type { ValueContext } from "./context";

/** Kinds chosen from a list of the field's or the project's things. */
export const CHOICE_KINDS = new Set(["select", "rotation", "multi_select", "participant", "participants", "sprint"]);

export const isMultiple = (field: Pick<FieldView, "type_fields">) => field.type_fields === "multi_select" || field.type_fields === "participants" || field.type_fields === "issues";

/**
 * `ids` are the value's current guids; `t` is the task namespace's (the "none" row, which a
 * single choice offers unless the value is `required`, as a task's status and type are).
 */
export function choicesFor(field: FieldView, ctx: ValueContext, ids: readonly string[], t: TFunction<"task">, required = false): Choice[] {
  const none: Choice[] = isMultiple(field) || required ? [] : [{ id: null, label: t("field.none") }];
  switch (field.type_fields) {
    case "participant":
    case "participants":
      return [
        ...none,
        ...ctx.participants
          .filter((p) => p.access_project.is_verifications || ids.includes(p.guid))
          .map((p) => ({ id: p.guid, label: p.name, hint: p.email, lead: <Avatar user={p} size={20} /> })),
      ];
    case "sprint":
      // No sprint is the backlog (spec §4): the backlog's row stores null.
      return ctx.sprints.filter((s) => !s.archived || ids.includes(s.guid)).map((s) => ({ id: s.backlog ? null : s.guid, label: s.title }));
    default:
      return [...none, ...field.settings.values_set.map((o) => ({ id: o.guid, label: optionLabel(o), color: o.color }))];
  }
}

/** What a list's picks store: one guid or null, or the list (null when emptied). */
export const valueFromPicks = (field: FieldView, picks: readonly (string | null)[]): unknown => (isMultiple(field) ? (picks.length ? picks : null) : (picks[0] ?? null));
