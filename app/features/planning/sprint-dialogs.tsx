/**
 * Sprint dialogs of the planning board: create or edit a sprint (title, goal, dates), and
 * complete one (where its unfinished tasks go, and whether to archive it).
 */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { sprintBody } from "../../../domain/planning/schemas";
import { Dialog, DialogActions } from "../../components/ui/dialog";
import { Field, FormAlert, FormField, TextAreaField } from "../../components/ui/field";
import type { SprintView } from "../../../workers/services/sprints";
import { useApiForm } from "../../lib/use-api-form";
import { useApi } from "../shell/errors";
import { CapacityFields, focusOfBoard } from "./sprint-capacity";

export function SprintFormDialog({
  projectGuid,
  sprint,
  team,
  lanes,
  suggested = null,
  onClose,
  onSaved,
}: {
  projectGuid: string;
  sprint: SprintView | null;
  /** The project's people, whose time the sprint's capacity can be computed from. */
  team: { guid: string; name: string }[];
  /** The board's sprint lanes and their estimates, from which estimate units per person-day are learnt. */
  lanes: readonly { sprint: SprintView | null; estimate: number }[];
  /** The capacity velocity suggests: the mean done estimate of the last completed sprints (null: none yet). */
  suggested?: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation("projects");
  const focus = focusOfBoard(lanes);
  const api = useApi();
  const [values, setValues] = useState({ title: sprint?.title ?? "", goal: sprint?.goal ?? "", start_date: sprint?.start_date ?? "", end_date: sprint?.end_date ?? "" });
  const [capacity, setCapacity] = useState({ capacity: sprint?.capacity === null || sprint?.capacity === undefined ? "" : String(sprint.capacity), availability: sprint?.availability ?? [] });
  const { errors, detail, send } = useApiForm(t);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      title: values.title,
      goal: values.goal,
      start_date: values.start_date || null,
      end_date: values.end_date || null,
      capacity: capacity.capacity.trim() === "" ? null : Number(capacity.capacity),
      availability: capacity.availability,
    };
    // The body goes as typed; the schema only checks it.
    const saved = await send(sprintBody.safeParse(body), () =>
      sprint ? api("PUT", `/v1/project/${projectGuid}/sprint/${sprint.guid}`, body, { quiet: true }) : api("POST", `/v1/project/${projectGuid}/sprint`, body, { quiet: true }),
    );
    if (!saved) return;
    onSaved();
    onClose();
  };
  return (
    <Dialog title={sprint ? t("sprints.edit") : t("sprints.new")} onClose={onClose} onSubmit={submit} testId="sprint-dialog">
      {detail && <FormAlert tone="error">{detail}</FormAlert>}
      <Field label={t("sprints.name")} value={values.title} onChange={(e) => setValues({ ...values, title: e.target.value })} error={errors.title} data-testid="sprint-title" autoFocus />
      <TextAreaField label={t("sprints.goal")} className="min-h-20" value={values.goal} onChange={(e) => setValues({ ...values, goal: e.target.value })} error={errors.goal} />
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("sprints.startDate")} type="date" value={values.start_date} onChange={(e) => setValues({ ...values, start_date: e.target.value })} error={errors.start_date} data-testid="sprint-start" />
        <Field label={t("sprints.endDate")} type="date" value={values.end_date} onChange={(e) => setValues({ ...values, end_date: e.target.value })} error={errors.end_date} data-testid="sprint-end" />
      </div>
      <CapacityFields value={capacity} onChange={setCapacity} team={team} dates={{ start: values.start_date, end: values.end_date }} focus={focus} suggested={suggested} error={errors.capacity ?? errors.availability} />
      <DialogActions cancel={t("sprints.cancel")} onCancel={onClose} confirm={t("sprints.save")} testId="sprint-save" />
    </Dialog>
  );
}

export function CompleteSprintDialog({
  projectGuid,
  sprint,
  unfinished,
  targets,
  onClose,
  onDone,
}: {
  projectGuid: string;
  sprint: SprintView;
  unfinished: number;
  /** Open sprints the unfinished tasks may go to; the backlog is the first. */
  targets: SprintView[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const [moveTo, setMoveTo] = useState(targets.find((s) => !s.backlog)?.guid ?? targets[0]?.guid ?? "");
  const [archive, setArchive] = useState(true);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const backlog = targets.find((s) => s.backlog);
    const result = await api("POST", `/v1/project/${projectGuid}/sprint/${sprint.guid}/complete`, { move_to: moveTo === backlog?.guid ? null : moveTo, archive });
    if (result.error) return;
    onDone();
    onClose();
  };
  return (
    <Dialog title={t("sprints.completeTitle", { title: sprint.title })} onClose={onClose} onSubmit={submit} testId="complete-dialog">
      <p className="text-sm">{t("sprints.unfinished", { count: unfinished })}</p>
      {unfinished > 0 && (
        <FormField label={t("sprints.moveTo")}>
          {(control) => (
            <select {...control} className="input" value={moveTo} onChange={(e) => setMoveTo(e.target.value)} data-testid="complete-target">
              {targets.map((s) => (
                <option key={s.guid} value={s.guid}>
                  {s.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={archive} onChange={(e) => setArchive(e.target.checked)} data-testid="complete-archive" />
        {t("sprints.archiveToo")}
      </label>
      <DialogActions cancel={t("sprints.cancel")} onCancel={onClose} confirm={t("sprints.complete")} testId="complete-confirm" />
    </Dialog>
  );
}
