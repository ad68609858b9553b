/**
 * One task, as the task page and the task modal show it (the same component in two frames):
 * a header with number, type, title and status; the long texts, subtasks and comments in the
 * main column; every other field permitted on tasks beside it, each edited in place.
 */
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import { taskLayout } from "../../../domain/task/layout";
import { formatRelativeTime } from "../../../domain/time/format";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { TaskView } from "../../../domain/wire/task-view";
import { FormAlert } from "../../components/ui/field";
import { Icon, type IconName } from "../../components/ui/icons";
import { useProject } from "../projects/use-project";
import { useApi } from "../shell/errors";
import { showUndoToast } from "../shell/undo-toast";
import { TaskCommits } from "../code/task-commits";
import { Attachments } from "./attachments";
import { Discussion } from "./discussion";
import { Links } from "./links";
import { SectionHeading } from "./section-heading";
import { Subtasks } from "./subtasks";
import { FieldEditor } from "../../components/fields/field-editor";
import { FieldSelect } from "../../components/fields/field-select";
import type { TaskRefView } from "../../components/fields/context";
import { TaskRef } from "../../components/fields/task-ref";
import { InlineText } from "../../components/fields/text-editors";
import { useTaskSearch } from "./use-task-search";
import { Chip } from "../../components/ui/chip";
import type { RelatedTask, TaskContext, TaskFound } from "./types";
import { useTaskEditor, type ValueWrite } from "./use-task-editor";

export type Frame = "page" | "modal";

const valueIn = (task: TaskView, field: FieldView | undefined, participant: string | null = null) =>
  field ? task.custom_fields.find((v) => v.guid === field.guid && (v.participant_value ?? null) === participant)?.value : undefined;

/** A titled block of the main column. */
function Section({ title, icon, children, testId, actions }: { title: string; icon?: IconName; children: ReactNode; testId?: string; actions?: ReactNode }) {
  return (
    <section className="flex flex-col gap-2" data-testid={testId}>
      <SectionHeading icon={icon} title={title}>
        {actions && <div className="ml-auto flex items-center gap-2">{actions}</div>}
      </SectionHeading>
      <div>{children}</div>
    </section>
  );
}

/** One field beside the main column: its name, its value and what went wrong saving it. */
function DetailRow({ field, task, viewer, ctx, save }: { field: FieldView; task: TaskView; viewer: string; ctx: TaskContext; save: (writes: ValueWrite[]) => Promise<string | undefined> }) {
  const { t } = useTranslation("task");
  const [error, setError] = useState("");
  const individual = field.individual_value;
  const onSave = async (value: unknown) => {
    const message = await save([{ guid: field.guid, value, ...(individual ? { participant_value: viewer } : {}) }]);
    setError(message ?? "");
    return message;
  };
  const others = individual ? task.custom_fields.filter((v) => v.guid === field.guid && v.participant_value && v.participant_value !== viewer) : [];
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] items-start gap-2 py-1" data-testid="detail" data-field={field.slug ?? field.guid}>
      <dt className="muted pt-1.5 text-sm leading-snug break-words hyphens-auto" title={field.title}>
        {field.title}
        {individual && <span className="block text-xs">{t("field.yours")}</span>}
      </dt>
      <dd className="min-w-0">
        <FieldEditor field={field} value={valueIn(task, field, individual ? viewer : null)} onSave={onSave} ctx={ctx} />
        {others.length > 0 && (
          <p className="muted px-2 text-xs" data-testid="individual-values">
            {others.map((v) => `${ctx.participants.find((p) => p.guid === v.participant_value)?.name ?? t("someone")}: ${String(v.value)}`).join(", ")}
          </p>
        )}
        {error && (
          <p className="field-error px-2" role="alert">
            {error}
          </p>
        )}
      </dd>
    </div>
  );
}

/** Copies the task page's address; says so for a moment. */
function CopyLink({ href }: { href: string }) {
  const { t } = useTranslation("task");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(href, window.location.origin).toString());
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  };
  return (
    <button type="button" className="btn btn-ghost px-2 py-1.5 text-sm" onClick={() => void copy()} data-testid="copy-link" aria-live="polite">
      <Icon name="link" size={16} />
      <span className="sr-only sm:not-sr-only">{state === "copied" ? t("header.copied") : state === "failed" ? t("header.copyFailed") : t("header.copyLink")}</span>
    </button>
  );
}

export function TaskDetails({
  data,
  frame,
  onChanged,
  onDeleted,
  onClose,
  titleId,
}: {
  data: TaskFound;
  frame: Frame;
  /** Read the task again (after one's own writes that the answer does not carry: comments, new subtasks). */
  onChanged: () => void;
  /** The task was deleted here. */
  onDeleted: () => void;
  /** Closes the modal (modal frame only). */
  onClose?: () => void;
  /** The id the title gets, for the modal's aria-labelledby. */
  titleId?: string;
}) {
  const { t, i18n } = useTranslation("task");
  const project = useProject();
  const api = useApi();
  const { revalidate } = useRevalidator();
  const participants = project.participants?.results ?? [];
  const { fields } = data;
  const layout = useMemo(() => taskLayout(fields), [fields]);
  const slugOf = (guid: string) => fields.find((f) => f.guid === guid)?.slug ?? null;
  const { task, save } = useTaskEditor(project.guid, data.task, slugOf, onChanged);
  const [statusError, setStatusError] = useState("");
  const [titleError, setTitleError] = useState("");
  const readOnly = !data.canWrite;
  const pageHref = `/project/${project.guid}/issue/${task.guid}`;

  const related = useMemo(() => new Map(data.related.map((r) => [r.guid, r])), [data.related]);
  const statusField = fields.find((f) => f.slug === "status");
  const statusOf = (r: TaskRefView) => statusField?.settings.values_set.find((o) => o.guid === r.status);
  const search = useTaskSearch(project.guid);
  const people = useMemo(() => new Map(participants.map((p) => [p.guid, p])), [participants]);
  const ctx: TaskContext = {
    projectGuid: project.guid,
    participants,
    people,
    sprints: data.sprints,
    related,
    task: (guid) => related.get(guid),
    // Picked search hits are not in `related` until the page reloads: remembered meanwhile.
    remember: (hit) => void (related.has(hit.guid) || related.set(hit.guid, { ...hit, status: hit.status ?? null, issue_type: null })),
    search,
    createLabel: async (name) => {
      const created = await api<{ guid: string }>("POST", `/v1/project/${project.guid}/labels`, { value: name });
      return created.error ? null : created.data.guid;
    },
    readOnly,
    statusOf,
    // The epic field offers the project's epics; other task fields the tasks already named.
    taskChoices: (field) => (field.slug === "epic" ? data.epics.map((id) => related.get(id)).filter((r): r is RelatedTask => Boolean(r)) : []),
  };

  const title = String(valueIn(task, layout.title) ?? "");
  const status = layout.status?.settings.values_set.find((o) => o.guid === valueIn(task, layout.status));
  const type = layout.issueType?.settings.values_set.find((o) => o.guid === valueIn(task, layout.issueType));
  const isEpic = Boolean(data.epicType && type?.guid === data.epicType);
  const subtaskIds = (valueIn(task, layout.subtasks) as string[] | undefined) ?? [];
  // Parents: the task's `subtask` link (one at most) and tasks listing it in their subtasks field.
  const parents = [
    ...data.links.filter((l) => l.kind === "subtask").map((l): RelatedTask => ({ guid: l.issue, number: l.number, title: l.title, status: l.status, issue_type: null })),
    ...data.parents.map((id) => related.get(id)).filter((r): r is RelatedTask => Boolean(r)),
  ].filter((p, i, all) => all.findIndex((q) => q.guid === p.guid) === i);
  const children = data.children.map((id) => related.get(id)).filter((r): r is RelatedTask => Boolean(r));
  const creator = data.creator?.name ?? t("someone");

  const saveOne = async (field: FieldView, value: unknown, setError: (m: string) => void) => {
    const message = await save([{ guid: field.guid, value }]);
    setError(message ?? "");
    return message;
  };
  // No confirm dialog: the task goes to the trash at once and the toast offers Undo, which
  // brings it back for everyone (the server tells every open board).
  const remove = async () => {
    const result = await api("DELETE", `/v1/project/${project.guid}/issue/${task.guid}`);
    if (result.error) return;
    onDeleted();
    showUndoToast({
      message: t("header.deletedToast", { number: task.number, title }),
      undo: t("header.undo"),
      onUndo: async () => {
        const restored = await api("POST", `/v1/project/${project.guid}/issue/${task.guid}/restore`);
        if (!restored.error) void revalidate();
      },
    });
  };
  const optionPicker = (field: FieldView, current: FieldOption | undefined, testId: string, setError: (m: string) => void, big = false) =>
    readOnly ? (
      current ? <Chip label={optionLabel(current)} color={current.color} testId={testId} /> : null
    ) : (
      <FieldSelect field={field} value={current?.guid ?? null} ctx={ctx} required onSave={(next) => void saveOne(field, next, setError)} testId={testId} buttonClassName={big ? "border border-[var(--border)] font-semibold" : ""}>
        {current ? (
          <span className="inline-flex items-center gap-1.5" data-option={current.guid}>
            <span className="h-2.5 w-2.5 rounded-full" style={{ background: current.color }} aria-hidden="true" />
            {optionLabel(current)}
          </span>
        ) : (
          <span className="muted">{t("field.none")}</span>
        )}
        {big && <Icon name="chevronRight" size={14} className="ml-auto rotate-90 opacity-60" />}
      </FieldSelect>
    );

  return (
    <article className="flex flex-col gap-6" data-testid="task" data-guid={task.guid} data-frame={frame}>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {layout.issueType && <div className="w-auto">{optionPicker(layout.issueType, type, "task-type", setStatusError)}</div>}
          <Link to={pageHref} className="muted font-semibold tabular-nums hover:underline" data-testid="task-number">
            #{task.number}
          </Link>
          {parents.map((p) => (
            <span key={p.guid} className="muted inline-flex items-center gap-1">
              <Icon name="chevronRight" size={14} />
              <TaskRef task={p} projectGuid={project.guid} />
            </span>
          ))}
          <div className="ml-auto flex items-center gap-1">
            <CopyLink href={pageHref} />
            {frame === "modal" && (
              <Link to={pageHref} className="btn btn-ghost px-2 py-1.5 text-sm" data-testid="open-page">
                <Icon name="expand" size={16} />
                <span className="sr-only sm:not-sr-only">{t("header.openPage")}</span>
              </Link>
            )}
            {data.canWrite && (
              <button type="button" className="btn btn-ghost px-2 py-1.5 text-sm hover:text-[var(--danger)]" onClick={() => void remove()} aria-label={t("header.delete")} data-testid="task-delete">
                <Icon name="trash" size={16} />
              </button>
            )}
            {onClose && (
              <button type="button" className="btn btn-ghost px-2 py-1.5" onClick={onClose} aria-label={t("modal.close")} data-testid="modal-close">
                <Icon name="x" size={18} />
              </button>
            )}
          </div>
        </div>
        <h2 id={titleId} className="text-2xl font-bold tracking-tight break-words">
          {layout.title ? (
            <InlineText
              value={title}
              label={t("header.title")}
              readOnly={readOnly}
              required
              onSave={(next) => void saveOne(layout.title!, next, setTitleError)}
              className="-mx-2 text-2xl font-bold"
              inputClassName="text-xl font-bold"
              testId="task-title"
            />
          ) : (
            `#${task.number}`
          )}
        </h2>
        {titleError && <FormAlert tone="error">{titleError}</FormAlert>}
        <div className="flex flex-wrap items-center gap-3">
          {layout.status && (
            <div className="min-w-40" data-testid="status-wrap">
              {optionPicker(layout.status, status, "task-status", setStatusError, true)}
            </div>
          )}
          <p className="muted text-xs" data-testid="task-meta">
            {t("header.created", { name: creator, when: formatRelativeTime(task.created_at, data.now, i18n.language) })}
            {task.updated_at > task.created_at && <> · {t("header.updated", { when: formatRelativeTime(task.updated_at, data.now, i18n.language) })}</>}
            {data.fromRetro && (
              <>
                {" · "}
                <Link to={data.fromRetro.url} className="underline" data-testid="task-from-retro">
                  {t("header.from_retro", { title: data.fromRetro.title })}
                </Link>
              </>
            )}
          </p>
        </div>
        {statusError && (
          <div data-testid="status-error">
            <FormAlert tone="error">{statusError}</FormAlert>
          </div>
        )}
      </header>

      <div className={`grid gap-6 ${frame === "page" ? "lg:grid-cols-[minmax(0,1fr)_20rem]" : "md:grid-cols-[minmax(0,1fr)_20rem]"}`}>
        <div className="flex min-w-0 flex-col gap-6">
          {layout.main.map((field) => (
            <MainText key={field.guid} field={field} task={task} ctx={ctx} save={save} />
          ))}
          <Subtasks
            field={layout.subtasks}
            fieldIds={subtaskIds}
            links={data.links.filter((l) => l.kind === "parent")}
            ctx={ctx}
            save={save}
            taskGuid={task.guid}
            sprint={valueIn(task, fields.find((f) => f.slug === "sprint"))}
            titleField={layout.title?.guid}
            sprintField={fields.find((f) => f.slug === "sprint")?.guid}
            onChanged={onChanged}
          />
          {isEpic && (
            <Section title={t("epic.tasks")} icon="subtasks" testId="epic-tasks">
              {children.length === 0 ? (
                <p className="muted text-sm">{t("epic.none")}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-[var(--border)] rounded-lg border border-[var(--border)]">
                  {children.map((c) => {
                    const s = statusOf(c);
                    return (
                      <li key={c.guid} className="flex items-center gap-2 px-3 py-1.5">
                        <div className="min-w-0 flex-1">
                          <TaskRef task={c} projectGuid={project.guid} />
                        </div>
                        {s && <Chip label={optionLabel(s)} color={s.color} />}
                      </li>
                    );
                  })}
                </ul>
              )}
            </Section>
          )}
          <Links projectGuid={project.guid} taskGuid={task.guid} links={data.links.filter((l) => l.kind !== "parent" && l.kind !== "subtask")} canWrite={data.canWrite} statusOptions={statusField?.settings.values_set ?? []} onChanged={onChanged} />
          <Attachments projectGuid={project.guid} taskGuid={task.guid} files={data.files} canWrite={data.canWrite} viewer={data.viewer} isRoot={data.isRoot} now={data.now} onChanged={onChanged} />
          <TaskCommits projectGuid={project.guid} number={task.number} commits={data.commits} now={data.now} />
          <Discussion data={data} participants={participants} projectGuid={project.guid} onChanged={onChanged} />
        </div>

        <aside className="flex min-w-0 flex-col gap-4">
          <div className="card p-3">
            <h3 className="muted mb-1 px-1 text-xs font-semibold tracking-wide uppercase">{t("details")}</h3>
            <dl className="flex flex-col">
              {layout.details.map((field) => (
                <DetailRow key={field.guid} field={field} task={task} viewer={data.viewer} ctx={ctx} save={save} />
              ))}
            </dl>
            {layout.hidden.length > 0 && (
              <details className="mt-2 border-t border-[var(--border)] pt-2" data-testid="more-fields">
                <summary className="muted cursor-pointer px-1 text-sm">{t("moreFields", { count: layout.hidden.length })}</summary>
                <dl className="mt-1 flex flex-col">
                  {layout.hidden.map((field) => (
                    <DetailRow key={field.guid} field={field} task={task} viewer={data.viewer} ctx={ctx} save={save} />
                  ))}
                </dl>
              </details>
            )}
          </div>
        </aside>
      </div>
    </article>
  );
}

/** A long-text field in the main column, under its own heading. */
function MainText({ field, task, ctx, save }: { field: FieldView; task: TaskView; ctx: TaskContext; save: (writes: ValueWrite[]) => Promise<string | undefined> }) {
  const [error, setError] = useState("");
  return (
    <Section title={field.title} testId={`section-${field.slug ?? field.guid}`}>
      <FieldEditor
        field={field}
        value={valueIn(task, field)}
        ctx={ctx}
        onSave={async (value) => {
          const message = await save([{ guid: field.guid, value }]);
          setError(message ?? "");
          return message;
        }}
      />
      {error && (
        <div className="mt-2">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
    </Section>
  );
}
