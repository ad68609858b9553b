/**
 * The kit's reading of a field value, by the field's kind: options as coloured chips, people as
 * avatars, sprints and tasks by name, dates as dates in the reader's language. One renderer for
 * every place a value is read, at four densities:
 * - `page`: the task page beside its editors (names under avatars, tasks as links, "None");
 * - `cell`: a table cell; `card`: a task-board card (avatars without names);
 * - `line`: a planning-board row (small, in fixed slots).
 * Emptiness is the domain's `isEmptyValue`, so every view agrees on what "no value" is; only the
 * page shows an empty value (as "None"), the others render nothing.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { optionLabel } from "../../../domain/fields/types";
import { isEmptyValue } from "../../../domain/planning/table";
import { formatLongDate, formatShortDate } from "../../../domain/time/format";
import type { FieldView } from "../../../workers/services/field-definitions";
import { Avatar } from "../ui/avatar";
import { Chip, OptionChip } from "../ui/chip";
import { People } from "../ui/people";
import { type ValueContext, idsOf } from "./context";
import { TaskRef } from "./task-ref";

export type Density = "page" | "cell" | "card" | "line";

/** The task page's placeholder of an empty value. */
export function Empty({ children }: { children?: ReactNode }) {
  const { t } = useTranslation("task");
  return <span className="muted">{children ?? t("field.empty")}</span>;
}

/** The sprint a value names; on the task page no sprint reads as the backlog (spec §4). */
export function sprintOf(value: unknown, ctx: ValueContext, density: Density) {
  const id = idsOf(value)[0];
  const sprint = ctx.sprints.find((s) => s.guid === id);
  return sprint ?? (density === "page" ? ctx.sprints.find((s) => s.backlog) : undefined);
}

/** A field's value as read-only content at the given density. */
export function FieldValue({ field, value, ctx, density }: { field: FieldView; value: unknown; ctx: ValueContext; density: Density }) {
  const { t, i18n } = useTranslation("views");
  const page = density === "page";
  const line = density === "line";
  const ids = idsOf(value);
  const kind = field.type_fields;
  // The backlog is stored as no sprint, and the page names it.
  if (isEmptyValue(value) && !(page && kind === "sprint")) return page ? <Empty>{kind === "participant" || kind === "participants" ? <PageUnassigned /> : undefined}</Empty> : null;
  switch (kind) {
    case "select":
    case "rotation":
    case "multi_select": {
      const options = ids.flatMap((id) => field.settings.values_set.filter((o) => o.guid === id));
      if (options.length === 0) return page ? <Empty /> : null;
      if (kind !== "multi_select" && !page) return <OptionChip option={options[0]!} className={line ? "whitespace-nowrap" : undefined} />;
      return (
        <span className={page ? "flex flex-wrap gap-1" : line ? "flex gap-1" : "flex min-w-0 flex-wrap gap-1"}>
          {(line ? options.slice(0, 3) : options).map((o) => (page ? <Chip key={o.guid} label={optionLabel(o)} color={o.color} /> : <OptionChip key={o.guid} option={o} />))}
        </span>
      );
    }
    case "participant":
    case "participants": {
      if (page) {
        const people = ids.flatMap((id) => (ctx.people.has(id) ? [ctx.people.get(id)!] : []));
        if (people.length === 0) return <Empty><PageUnassigned /></Empty>;
        return (
          <span className="flex flex-wrap gap-1.5">
            {people.map((p) => (
              <span key={p.guid} className="inline-flex items-center gap-1.5 text-sm" data-testid="person" data-guid={p.guid}>
                <Avatar user={p} size={22} />
                {p.name}
              </span>
            ))}
          </span>
        );
      }
      // A cell names the one person of a single choice; cards and rows show faces only.
      const named = density === "cell" && kind === "participant";
      return <People ids={ids} people={ctx.people} size={line ? 24 : undefined} withNames={named} />;
    }
    case "sprint": {
      const sprint = sprintOf(value, ctx, density);
      if (page) return sprint ? <span className="text-sm">{sprint.title}</span> : <Empty />;
      return <span className={line ? "muted max-w-40 truncate text-xs" : "truncate text-sm"}>{sprint?.title ?? t("values.unknownSprint")}</span>;
    }
    case "date": {
      const day = String(value).slice(0, 10);
      // The page's editor frames the text (it carries the field's test id).
      if (page) return <>{formatLongDate(day, i18n.language, "UTC")}</>;
      return (
        <span className={line ? "muted text-xs tabular-nums" : "text-sm tabular-nums"} title={line ? field.title : undefined}>
          {formatShortDate(day, i18n.language)}
        </span>
      );
    }
    case "checkbox":
      if (line) return value === true ? <span className="text-xs">{t("values.yes")}</span> : null;
      return <span className="text-sm">{value === true ? t("values.yes") : t("values.no")}</span>;
    case "number":
      return line ? (
        <span className="min-w-6 rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-center text-xs font-semibold tabular-nums" title={field.title} data-testid={`line-${field.slug ?? field.guid}`}>
          {String(value)}
        </span>
      ) : (
        page ? <>{String(value)}</> : <span className="text-sm tabular-nums">{String(value)}</span>
      );
    case "url":
      return (
        <a className={`link ${page ? "break-all" : line ? "max-w-40 truncate text-xs" : "truncate text-sm"}`} href={String(value)} target="_blank" rel="noreferrer noopener" onClick={(e) => e.stopPropagation()}>
          {String(value)}
        </a>
      );
    case "issue":
    case "issues": {
      const tasks = ids.flatMap((id) => {
        const task = ctx.task(id);
        return task ? [task] : [];
      });
      if (page) {
        return tasks.length ? (
          <span className="flex min-w-0 flex-col gap-0.5">
            {tasks.map((task) => (
              <TaskRef key={task.guid} task={task} projectGuid={ctx.projectGuid} status={ctx.statusOf?.(task)} />
            ))}
          </span>
        ) : (
          <Empty />
        );
      }
      const text = kind === "issue" ? (tasks[0] ? `#${tasks[0].number} ${tasks[0].title}` : t("values.unknownTask")) : tasks.map((task) => `#${task.number}`).join(", ");
      return <span className={line ? "muted max-w-40 truncate text-xs" : "truncate text-sm"}>{text}</span>;
    }
    default: {
      const text = typeof value === "string" || typeof value === "number" ? String(value) : "";
      if (page) return <span className="text-sm break-words whitespace-pre-wrap">{text}</span>;
      return line ? (
        <span className="muted max-w-40 truncate text-xs" title={field.title}>
          {text}
        </span>
      ) : (
        <span className="truncate text-sm">{text}</span>
      );
    }
  }
}

function PageUnassigned() {
  const { t } = useTranslation("task");
  return <>{t("field.unassigned")}</>;
}
