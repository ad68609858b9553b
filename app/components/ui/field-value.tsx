/**
 * The kit's reading of a field value, by the field's type: options as coloured chips, people as
 * avatars, sprints and tasks by name, dates as short dates in the language of the reader. The
 * task board's cards and the table's cells show values through it; emptiness is the domain's
 * `isEmptyValue`, so every view agrees on what "no value" is.
 */
import { useTranslation } from "react-i18next";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import { isEmptyValue } from "../../../domain/planning/table";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { ParticipantView } from "../../../workers/services/projects";
import type { SprintView } from "../../../workers/services/sprints";
import type { TaskView } from "../../../workers/services/tasks";
import { OptionChip } from "./chip";
import { People } from "./people";
import { formatShortDate } from "../../../domain/time/format";

/** Everything a value needs to be shown or edited: the definitions and what values point at. */
export interface FieldContext {
  projectGuid: string;
  fields: ReadonlyMap<string, FieldView>;
  people: ReadonlyMap<string, ParticipantView>;
  participants: readonly ParticipantView[];
  sprints: readonly SprintView[];
  tasks: ReadonlyMap<string, TaskView>;
  /** Guid of the title field, to name tasks that values point at. */
  titleField: string;
}

export function titleOf(task: TaskView | undefined, titleField: string): string {
  const value = task?.custom_fields.find((f) => f.guid === titleField)?.value;
  return typeof value === "string" ? value : "";
}

/** A field's value as read-only content; empty values render nothing (the caller decides). */
export function FieldValue({ field, value, ctx, compact = false }: { field: FieldView; value: unknown; ctx: FieldContext; compact?: boolean }) {
  const { t, i18n } = useTranslation("views");
  if (isEmptyValue(value)) return null;
  const list = Array.isArray(value) ? (value as unknown[]).filter((v): v is string => typeof v === "string") : [];
  switch (field.type_fields) {
    case "select":
    case "rotation": {
      const option = field.settings.values_set.find((o) => o.guid === value);
      return option ? <OptionChip option={option} /> : null;
    }
    case "multi_select":
      return (
        <span className="flex min-w-0 flex-wrap gap-1">
          {list.flatMap((id) => {
            const option = field.settings.values_set.find((o) => o.guid === id);
            return option ? [<OptionChip key={id} option={option} />] : [];
          })}
        </span>
      );
    case "participant":
      return <People ids={[String(value)]} people={ctx.people} withNames={!compact} />;
    case "participants":
      return <People ids={list} people={ctx.people} withNames={!compact && list.length === 1} />;
    case "sprint": {
      const sprint = ctx.sprints.find((s) => s.guid === value);
      return <span className="truncate text-sm">{sprint?.title ?? t("values.unknownSprint")}</span>;
    }
    case "date":
      return <span className="text-sm tabular-nums">{formatShortDate(String(value).slice(0, 10), i18n.language)}</span>;
    case "checkbox":
      return <span className="text-sm">{value === true ? t("values.yes") : t("values.no")}</span>;
    case "number":
      return <span className="text-sm tabular-nums">{String(value)}</span>;
    case "url":
      return (
        <a className="link truncate text-sm" href={String(value)} target="_blank" rel="noreferrer noopener">
          {String(value)}
        </a>
      );
    case "issue": {
      const target = ctx.tasks.get(String(value));
      return <span className="truncate text-sm">{target ? `#${target.number} ${titleOf(target, ctx.titleField)}` : t("values.unknownTask")}</span>;
    }
    case "issues":
      return <span className="truncate text-sm">{list.flatMap((id) => (ctx.tasks.has(id) ? [`#${ctx.tasks.get(id)!.number}`] : [])).join(", ")}</span>;
    default:
      return <span className="truncate text-sm">{typeof value === "string" || typeof value === "number" ? String(value) : ""}</span>;
  }
}
