/**
 * A task's value of one field, shown and edited in place by the field's type: text-like values
 * with the editors of `text-editors.tsx`, options, people, sprints and tasks from a picker.
 * Read-only viewers get the same values without editors.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import { formatLongDate } from "../../../domain/time/format";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { ParticipantView } from "../../../workers/services/projects";
import { Avatar } from "../../components/ui/avatar";
import { useApi } from "../shell/errors";
import { Chip } from "../../components/ui/chip";
import { type Choice, Select } from "../../components/ui/select";
import { useTaskHref } from "./task-href";
import type { RelatedTask, SprintChoice } from "./types";
import { Empty, InlineText, LongText, ValueInput } from "./text-editors";
import { useTaskSearch } from "./use-task-search";

/** What editors need besides the field and the value. */
export interface EditorContext {
  projectGuid: string;
  participants: ParticipantView[];
  sprints: SprintChoice[];
  related: Map<string, RelatedTask>;
  /** Tasks offered for task fields (the epics for the epic field). */
  taskChoices: (field: FieldView) => RelatedTask[];
  statusOf: (task: RelatedTask) => FieldOption | undefined;
  readOnly: boolean;
}

export function TaskRef({ task, projectGuid, status }: { task: RelatedTask; projectGuid: string; status?: FieldOption }) {
  const href = useTaskHref();
  return (
    <Link to={href(projectGuid, task.guid)} className="inline-flex max-w-full min-w-0 items-center gap-1.5 text-sm hover:underline" data-testid="task-ref" data-guid={task.guid}>
      {status && <span className="h-2 w-2 shrink-0 rounded-full" style={{ background: status.color }} title={optionLabel(status)} aria-hidden="true" />}
      <span className="muted shrink-0 tabular-nums">#{task.number}</span>
      <span className="truncate">{task.title}</span>
    </Link>
  );
}

const personLead = (p: ParticipantView) => <Avatar user={p} size={20} />;

/** The value of `field` on the task, with its editor when the viewer may write. */
export function FieldValue({ field, value, onSave, ctx }: { field: FieldView; value: unknown; onSave: (value: unknown) => Promise<string | undefined>; ctx: EditorContext }) {
  const { t, i18n } = useTranslation("task");
  const label = field.title;
  const testId = `value-${field.slug ?? field.guid}`;
  const ids = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];
  const ro = ctx.readOnly;
  const api = useApi();
  /** Tags are the project's labels: a new one is created (`POST /labels`) and put on the task. */
  const createLabel = async (name: string) => {
    const created = await api<{ guid: string }>("POST", `/v1/project/${ctx.projectGuid}/labels`, { value: name });
    if (!created.error) await onSave([...ids, created.data.guid]);
  };

  switch (field.type_fields) {
    case "text":
    case "url": {
      const text = typeof value === "string" ? value : "";
      const display =
        field.type_fields === "url" && text ? (
          <a href={text} target="_blank" rel="noreferrer noopener" className="link break-all" onClick={(e) => e.stopPropagation()}>
            {text}
          </a>
        ) : undefined;
      return <InlineText value={text} label={label} readOnly={ro} inputType={field.type_fields === "url" ? "url" : "text"} onSave={(next) => void onSave(next === "" ? null : next)} display={display} className="text-sm" inputClassName="py-1 text-sm" testId={testId} />;
    }
    case "long_text":
      return <LongText value={typeof value === "string" ? value : ""} label={label} readOnly={ro} onSave={(next) => onSave(next === "" ? null : next)} testId={testId} />;
    case "number":
    case "date": {
      const text = field.type_fields === "number" ? (typeof value === "number" ? String(value) : "") : typeof value === "string" ? value.slice(0, 10) : "";
      if (ro) {
        const shown = field.type_fields === "date" && text ? formatLongDate(text, i18n.language, "UTC") : text;
        return <span className="px-2 text-sm" data-testid={testId}>{shown || <Empty />}</span>;
      }
      return (
        <ValueInput
          type={field.type_fields}
          value={text}
          label={label}
          testId={testId}
          onSave={(next) => void onSave(next === "" ? null : field.type_fields === "number" ? Number(next) : next)}
        />
      );
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
    case "multi_select": {
      const options = field.settings.values_set;
      const chosen = ids.map((id) => options.find((o) => o.guid === id)).filter((o): o is FieldOption => Boolean(o));
      const multiple = field.type_fields === "multi_select";
      const shown = chosen.length ? (
        <span className="flex flex-wrap gap-1">
          {chosen.map((o) => (
            <Chip key={o.guid} label={optionLabel(o)} color={o.color} />
          ))}
        </span>
      ) : (
        <Empty />
      );
      if (ro) return <span className="block px-2 py-1" data-testid={testId}>{shown}</span>;
      const choices: Choice[] = [...(multiple ? [] : [{ id: null, label: t("field.none") }]), ...options.map((o) => ({ id: o.guid, label: optionLabel(o), color: o.color }))];
      return (
        <Select
          label={label}
          choices={choices}
          selected={ids}
          multiple={multiple}
          onChange={(next) => void onSave(multiple ? (next.length ? next : null) : (next[0] ?? null))}
          onCreate={field.slug === "tags" ? (name) => void createLabel(name) : undefined}
          testId={testId}
        >
          {shown}
        </Select>
      );
    }
    case "participant":
    case "participants": {
      const people = ids.map((id) => ctx.participants.find((p) => p.guid === id)).filter((p): p is ParticipantView => Boolean(p));
      const multiple = field.type_fields === "participants";
      const shown = people.length ? (
        <span className="flex flex-wrap gap-1.5">
          {people.map((p) => (
            <span key={p.guid} className="inline-flex items-center gap-1.5 text-sm" data-testid="person" data-guid={p.guid}>
              <Avatar user={p} size={22} />
              {p.name}
            </span>
          ))}
        </span>
      ) : (
        <Empty>{t("field.unassigned")}</Empty>
      );
      if (ro) return <span className="block px-2 py-1" data-testid={testId}>{shown}</span>;
      // Only verified participants can be chosen; people already chosen stay listed to be removed.
      const candidates = ctx.participants.filter((p) => p.access_project.is_verifications || ids.includes(p.guid));
      const choices: Choice[] = [...(multiple ? [] : [{ id: null, label: t("field.none") }]), ...candidates.map((p) => ({ id: p.guid, label: p.name, hint: p.email, lead: personLead(p) }))];
      return (
        <Select label={label} choices={choices} selected={ids} multiple={multiple} onChange={(next) => void onSave(multiple ? (next.length ? next : null) : (next[0] ?? null))} testId={testId}>
          {shown}
        </Select>
      );
    }
    case "sprint": {
      const backlog = ctx.sprints.find((s) => s.backlog);
      // No sprint means the backlog (spec §4), and the backlog is stored as no sprint.
      const current = ctx.sprints.find((s) => s.guid === ids[0]) ?? backlog;
      const shown = current ? <span className="text-sm">{current.title}</span> : <Empty />;
      if (ro) return <span className="block px-2 py-1" data-testid={testId}>{shown}</span>;
      const choices: Choice[] = ctx.sprints.filter((s) => !s.archived || s.guid === current?.guid).map((s) => ({ id: s.backlog ? null : s.guid, label: s.title }));
      return (
        <Select label={label} choices={choices} selected={current && !current.backlog ? [current.guid] : []} onChange={(next) => void onSave(next[0] ?? null)} testId={testId}>
          {shown}
        </Select>
      );
    }
    case "issue":
    case "issues":
      return <TaskFieldValue field={field} ids={ids} onSave={onSave} ctx={ctx} testId={testId} />;
    default:
      return <span className="px-2 text-sm">{value === null || value === undefined ? <Empty /> : String(value)}</span>;
  }
}

/**
 * A value naming tasks (an epic, a list of tasks). The epic field offers the project's epics;
 * other task fields search all tasks by number or words as the user types.
 */
function TaskFieldValue({ field, ids, onSave, ctx, testId }: { field: FieldView; ids: string[]; onSave: (value: unknown) => Promise<string | undefined>; ctx: EditorContext; testId: string }) {
  const { t } = useTranslation("task");
  const searchAll = field.slug !== "epic";
  const search = useTaskSearch(ctx.projectGuid);
  const tasks = ids.map((id) => ctx.related.get(id)).filter((x): x is RelatedTask => Boolean(x));
  const multiple = field.type_fields === "issues";
  const shown = tasks.length ? (
    <span className="flex min-w-0 flex-col gap-0.5">
      {tasks.map((task) => (
        <TaskRef key={task.guid} task={task} projectGuid={ctx.projectGuid} status={ctx.statusOf(task)} />
      ))}
    </span>
  ) : (
    <Empty />
  );
  if (ctx.readOnly) return <span className="block px-2 py-1" data-testid={testId}>{shown}</span>;
  const found: RelatedTask[] = search.results.map((h) => ({ guid: h.guid, number: h.number, title: h.title, status: h.status, issue_type: null }));
  const offered = searchAll ? (search.query.trim() ? found : []) : ctx.taskChoices(field);
  const all = [...(search.query.trim() && searchAll ? [] : tasks), ...offered.filter((o) => !ids.includes(o.guid) || (searchAll && search.query.trim()))];
  const choices: Choice[] = [
    ...(multiple || search.query.trim() ? [] : [{ id: null, label: t("field.none") }]),
    ...all.map((task) => ({ id: task.guid, label: task.title, hint: `#${task.number}`, color: ctx.statusOf(task)?.color })),
  ];
  // Picked search hits are not in `related` until the page reloads: remember them meanwhile.
  const remember = (next: (string | null)[]) => {
    for (const task of found) if (next.includes(task.guid) && !ctx.related.has(task.guid)) ctx.related.set(task.guid, task);
  };
  return (
    <Select
      label={field.title}
      choices={choices}
      selected={ids}
      multiple={multiple}
      onQuery={searchAll ? search.setQuery : undefined}
      onChange={(next) => {
        remember(next);
        void onSave(multiple ? (next.length ? next : null) : (next[0] ?? null));
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
