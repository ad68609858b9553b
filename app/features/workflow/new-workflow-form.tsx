import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { allTransitions, workflowBody } from "../../../domain/fields/workflow";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { WorkflowView } from "../../../workers/services/workflows";
import { Field, FormAlert } from "../../components/ui/field";
import { serverErrors, zodFieldErrors } from "../../components/ui/form-errors";
import { Icon } from "../../components/ui/icons";
import { useApi } from "../shell/errors";

/**
 * Creates a workflow: a name and one of the fields that can carry one (a field has at most one
 * workflow, so those that have one are offered disabled). It starts with every move allowed.
 */
export function NewWorkflowForm({ projectGuid, fields, taken, onCreated }: { projectGuid: string; fields: FieldView[]; taken: ReadonlySet<string>; onCreated: (workflow: WorkflowView) => void }) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const fieldId = useId();
  const free = fields.filter((f) => !taken.has(f.guid));
  const [title, setTitle] = useState("");
  const [chosen, setChosen] = useState(free[0]?.guid ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [busy, setBusy] = useState(false);
  // The choice may have been taken meanwhile (a workflow created here or elsewhere).
  const field = free.find((f) => f.guid === chosen) ?? free[0];

  if (fields.length === 0 || !field) {
    return (
      <p className="muted px-6 pb-6 text-sm" data-testid="new-workflow-unavailable">
        {fields.length === 0 ? t("workflow.noFields") : t("workflow.allTaken")}{" "}
        <Link className="link" to={`/project/${projectGuid}/settings/fields`}>
          {t("workflow.toFields")}
        </Link>
      </p>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDetail("");
    const transitions = allTransitions(field.settings.values_set.map((o) => o.guid));
    const parsed = workflowBody.safeParse({ title, field: field.guid, transitions });
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error, t);
      setErrors(found);
      if (!found.title) setDetail(Object.values(found)[0] ?? "");
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await api<WorkflowView>("POST", `/v1/project/${projectGuid}/workflow`, parsed.data, { quiet: true });
    setBusy(false);
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors(s.fields);
    }
    setTitle("");
    onCreated(result.data);
  };

  return (
    <form className="flex flex-col gap-4 px-6 pb-6" onSubmit={submit} noValidate data-testid="new-workflow-form">
      {detail && (
        <div data-testid="new-workflow-error">
          <FormAlert tone="error">{detail}</FormAlert>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_240px]">
        <Field
          label={t("workflow.name")}
          placeholder={t("workflow.namePlaceholder")}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title || undefined}
          data-testid="new-workflow-title"
        />
        <div>
          <label className="label" htmlFor={fieldId}>
            {t("workflow.field")}
          </label>
          <select id={fieldId} className="input" value={field.guid} onChange={(e) => setChosen(e.target.value)} data-testid="new-workflow-field">
            {fields.map((f) => (
              <option key={f.guid} value={f.guid} disabled={taken.has(f.guid)}>
                {taken.has(f.guid) ? t("workflow.fieldTaken", { name: f.title }) : f.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button className="btn btn-primary" type="submit" disabled={busy} data-testid="new-workflow-submit">
          <Icon name="plus" size={16} />
          {t("workflow.create")}
        </button>
        <p className="muted text-sm">{t("workflow.newHint")}</p>
      </div>
    </form>
  );
}
