import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { createFieldBody, optionInput } from "../../../domain/fields/schemas";
import { type FieldType, hasOptions } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import { Field, FormAlert } from "../../components/ui/field";
import { serverErrors, zodFieldErrors } from "../../components/ui/form-errors";
import { Icon } from "../../components/ui/icons";
import { useApi } from "../shell/errors";
import { suggestedColor } from "./color-picker";
import { OptionDraftInputs } from "./option-draft";

export interface TypeChoice {
  slug: FieldType;
  options: boolean;
}

interface DraftOption {
  key: number;
  label: string;
  color: string;
}

/** The wire form of an option label: rotation options carry `title`, the others `value`. */
export const optionBody = (type: string, label: string) => (type === "rotation" ? { title: label } : { value: label });

/** Creates a field: name, type and, for option types, its first options. */
export function NewFieldForm({ projectGuid, types, onCreated, onCancel }: { projectGuid: string; types: TypeChoice[]; onCreated: (field: FieldView) => void; onCancel: () => void }) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const typeId = useId();
  const [title, setTitle] = useState("");
  const [type, setType] = useState<FieldType>(types[0]?.slug ?? "text");
  const [options, setOptions] = useState<DraftOption[]>([]);
  const [draft, setDraft] = useState({ label: "", color: suggestedColor(0) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [busy, setBusy] = useState(false);
  const withOptions = hasOptions(type);

  const addOption = () => {
    const parsed = optionInput.safeParse({ ...optionBody(type, draft.label), color: draft.color });
    if (!parsed.success) return setErrors({ ...errors, option: Object.values(zodFieldErrors(parsed.error, t))[0] ?? "" });
    setOptions((list) => [...list, { key: Date.now() + list.length, label: draft.label.trim(), color: draft.color }]);
    setDraft({ label: "", color: suggestedColor(options.length + 1) });
    setErrors(({ option: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDetail("");
    // An option typed but not yet added is meant to be one.
    const all = draft.label.trim() ? [...options, { key: 0, label: draft.label.trim(), color: draft.color }] : options;
    const parsed = createFieldBody.safeParse({
      title,
      type_fields: type,
      settings: { values_set: withOptions ? all.map((o) => ({ ...optionBody(type, o.label), color: o.color })) : [] },
    });
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error, t);
      setErrors({ title: found.title ?? "" });
      if (!found.title) setDetail(Object.values(found)[0] ?? "");
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await api<FieldView>("POST", `/v1/project/${projectGuid}/fields`, parsed.data, { quiet: true });
    setBusy(false);
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors({ title: s.fields.title ?? "" });
    }
    onCreated(result.data);
  };

  return (
    <form className="flex flex-col gap-4 p-6" onSubmit={submit} noValidate data-testid="new-field-form">
      {detail && (
        <div data-testid="new-field-error">
          <FormAlert tone="error">{detail}</FormAlert>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_220px]">
        <Field
          label={t("fieldSettings.name")}
          placeholder={t("fieldSettings.namePlaceholder")}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title || undefined}
          autoFocus
          data-testid="new-field-title"
        />
        <div>
          <label className="label" htmlFor={typeId}>
            {t("fieldSettings.type")}
          </label>
          <select id={typeId} className="input" value={type} onChange={(e) => setType(e.target.value as FieldType)} data-testid="new-field-type">
            {types.map((ty) => (
              <option key={ty.slug} value={ty.slug}>
                {t(`fields.types.${ty.slug}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {withOptions && (
        <fieldset className="rounded-xl border border-[var(--border)] p-4">
          <legend className="px-1 text-sm font-semibold">{t("fieldSettings.optionsTitle")}</legend>
          {options.length === 0 ? (
            <p className="muted mb-3 text-sm">{t("fieldSettings.noOptionsYet")}</p>
          ) : (
            <ul className="mb-3 flex flex-wrap gap-2" data-testid="new-options">
              {options.map((o) => (
                <li key={o.key} className="inline-flex items-center gap-1.5 rounded-full border border-[var(--border)] bg-[var(--surface-2)] py-1 pr-1 pl-2.5 text-sm" data-testid="new-option" data-color={o.color}>
                  <span className="h-2.5 w-2.5 rounded-full" style={{ background: o.color }} />
                  <span>{o.label}</span>
                  <button
                    type="button"
                    className="flex h-5 w-5 items-center justify-center rounded-full text-[var(--muted)] hover:bg-[var(--border)] hover:text-[var(--text)]"
                    aria-label={t("fieldSettings.removeOption", { name: o.label })}
                    onClick={() => setOptions((list) => list.filter((x) => x.key !== o.key))}
                    data-testid="new-option-remove"
                  >
                    <Icon name="x" size={12} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex items-start gap-2">
            {/* Enter adds the option instead of submitting the whole form. */}
            <OptionDraftInputs draft={draft} onDraft={setDraft} error={errors.option} testIds={{ color: "new-option-color", name: "new-option-name" }} onEnter={addOption} />
            <button type="button" className="btn py-1.5" onClick={addOption} data-testid="new-option-add">
              <Icon name="plus" size={16} />
              {t("fieldSettings.addOption")}
            </button>
          </div>
        </fieldset>
      )}

      <div className="flex gap-2">
        <button className="btn btn-primary" type="submit" disabled={busy} data-testid="new-field-submit">
          {t("fieldSettings.create")}
        </button>
        <button className="btn btn-ghost" type="button" onClick={onCancel}>
          {t("fieldSettings.cancel")}
        </button>
      </div>
    </form>
  );
}
