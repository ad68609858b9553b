/**
 * A task's subtasks with their progress. A subtask is another task this one is the parent of
 * (a `parent` link: one parent per task, no cycles); tasks listed in the older `subtasks` field
 * are shown with them, so nothing recorded there disappears. Writers create a subtask by its
 * title, make an existing task one, or take one off the list.
 */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { optionLabel } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { TaskView } from "../../../domain/wire/task-view";
import { FormAlert } from "../../components/ui/field";
import { serverErrors } from "../../components/ui/form-errors";
import { Icon } from "../../components/ui/icons";
import { useApi } from "../shell/errors";
import { TaskRef } from "../../components/fields/task-ref";
import { TaskSearchBox } from "./links";
import { Chip } from "../../components/ui/chip";
import type { LinkView, RelatedTask, TaskContext } from "./types";
import type { ValueWrite } from "./use-task-editor";
import { SectionHeading } from "./section-heading";

type Item = { task: RelatedTask; link?: string; inField: boolean };

export function Subtasks({
  field,
  fieldIds,
  links,
  ctx,
  save,
  taskGuid,
  sprint,
  titleField,
  sprintField,
  onChanged,
}: {
  /** The `subtasks` field, when tasks may show it. */
  field?: FieldView;
  fieldIds: string[];
  /** This task's `parent` links: the far ends are its subtasks. */
  links: LinkView[];
  ctx: TaskContext;
  save: (writes: ValueWrite[]) => Promise<string | undefined>;
  taskGuid: string;
  sprint: unknown;
  titleField?: string;
  sprintField?: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation("task");
  const api = useApi();
  const [title, setTitle] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [searching, setSearching] = useState(false);
  const linksPath = `/v1/project/${ctx.projectGuid}/issue/${taskGuid}/issues`;

  const items = new Map<string, Item>();
  for (const id of fieldIds) {
    const task = ctx.related.get(id);
    if (task) items.set(id, { task, inField: true });
  }
  for (const l of links) {
    const known = items.get(l.issue);
    items.set(l.issue, { task: known?.task ?? { guid: l.issue, number: l.number, title: l.title, status: l.status, issue_type: null }, link: l.guid, inField: Boolean(known) });
  }
  const list = [...items.values()];
  const done = list.filter((i) => ctx.statusOf(i.task)?.key === "done").length;

  const linkChild = async (child: string) => {
    const result = await api("POST", linksPath, { issue: child, kind: "parent" }, { quiet: true });
    if (result.error) {
      setError(serverErrors(result.error, t).detail);
      return false;
    }
    setError("");
    onChanged();
    return true;
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !titleField || busy) return;
    setBusy(true);
    // A new subtask starts in its parent's sprint, so it shows in the same lane.
    const values: ValueWrite[] = [{ guid: titleField, value: title.trim() }];
    if (sprintField && typeof sprint === "string") values.push({ guid: sprintField, value: sprint });
    const created = await api<TaskView>("POST", `/v1/project/${ctx.projectGuid}/issue`, { custom_fields: values });
    if (!created.error && (await linkChild(created.data.guid))) setTitle("");
    setBusy(false);
  };
  const remove = async (item: Item) => {
    if (item.link) {
      const result = await api("DELETE", `${linksPath}/${item.link}`, undefined, { quiet: true });
      if (result.error) return setError(serverErrors(result.error, t).detail);
    }
    if (item.inField && field) {
      const next = fieldIds.filter((id) => id !== item.task.guid);
      const message = await save([{ guid: field.guid, value: next.length ? next : null }]);
      if (message) return setError(message);
    }
    setError("");
    onChanged();
  };

  return (
    <section className="flex flex-col gap-2" data-testid="subtasks">
      <SectionHeading icon="subtasks" title={field?.title ?? t("subtasks.title")}>
        {list.length > 0 && (
          <span className="muted ml-auto text-xs" data-testid="subtasks-progress">
            {t("subtasks.progress", { done, count: list.length })}
          </span>
        )}
      </SectionHeading>
      {list.length > 0 && (
        <div className="h-1.5 overflow-hidden rounded-full bg-[var(--surface-2)]" aria-hidden="true">
          <div className="h-full rounded-full bg-[var(--success)]" style={{ width: `${(done / list.length) * 100}%` }} />
        </div>
      )}
      {list.length > 0 && (
        <ul className="flex flex-col divide-y divide-[var(--border)] rounded-lg border border-[var(--border)]">
          {list.map((item) => {
            const status = ctx.statusOf(item.task);
            return (
              <li key={item.task.guid} className="flex items-center gap-2 px-3 py-1.5" data-testid="subtask" data-guid={item.task.guid}>
                <div className="min-w-0 flex-1">
                  <TaskRef task={item.task} projectGuid={ctx.projectGuid} />
                </div>
                {status && <Chip label={optionLabel(status)} color={status.color} />}
                {!ctx.readOnly && (
                  <button type="button" className="muted rounded p-1 hover:bg-[var(--surface-2)] hover:text-[var(--danger)]" aria-label={t("subtasks.remove", { title: item.task.title })} onClick={() => void remove(item)} data-testid="subtask-remove">
                    <Icon name="x" size={14} />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.length === 0 && ctx.readOnly && <p className="muted text-sm">{t("subtasks.none")}</p>}
      {!ctx.readOnly && (
        <form onSubmit={create} className="flex flex-wrap gap-2">
          <input className="input min-w-48 flex-1 py-1.5 text-sm" placeholder={t("subtasks.newPlaceholder")} aria-label={t("subtasks.new")} value={title} onChange={(e) => setTitle(e.target.value)} data-testid="subtask-title" />
          <button type="submit" className="btn shrink-0 py-1.5 text-sm whitespace-nowrap" disabled={busy || !title.trim()} data-testid="subtask-add">
            <Icon name="plus" size={16} />
            {t("subtasks.add")}
          </button>
          <button type="button" className="btn btn-ghost shrink-0 py-1.5 text-sm whitespace-nowrap" aria-expanded={searching} onClick={() => setSearching((s) => !s)} data-testid="subtask-existing">
            {t("subtasks.addExisting")}
          </button>
        </form>
      )}
      {searching && !ctx.readOnly && (
        <div
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            e.preventDefault();
            e.stopPropagation();
            setSearching(false);
          }}
        >
          <TaskSearchBox
            projectGuid={ctx.projectGuid}
            exclude={new Set([taskGuid, ...items.keys()])}
            onPick={async (hit) => {
              if (await linkChild(hit.guid)) setSearching(false);
            }}
            label={t("subtasks.searchExisting")}
            autoFocus
            testId="subtask-search"
          />
        </div>
      )}
      {error && <FormAlert tone="error">{error}</FormAlert>}
    </section>
  );
}
