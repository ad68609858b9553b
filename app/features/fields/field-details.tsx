import { DndContext, type DragEndEvent, closestCenter } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../components/ui/dialog";
import { tooltip } from "../../components/ui/tooltip";
import { optionInput, updateFieldBody, updateOptionBody } from "../../../domain/fields/schemas";
import { ENTITY_KINDS, type EntityKind, type FieldOption, hasOptions, optionLabel } from "../../../domain/fields/types";
import { moveItem } from "../../../domain/ordering";
import type { FieldView } from "../../../workers/services/field-definitions";
import { Field, FormAlert } from "../../components/ui/field";
import { serverErrors, zodFieldErrors } from "../../components/ui/form-errors";
import { Icon } from "../../components/ui/icons";
import { useSerial } from "../../lib/use-serial";
import { useApi } from "../shell/errors";
import { ColorPicker, suggestedColor } from "./color-picker";
import { SystemBadge } from "./field-list";
import { optionBody } from "./new-field-form";
import { useDragSensors } from "../../lib/use-drag-sensors";
import { OptionDraftInputs } from "./option-draft";

type Api = ReturnType<typeof useApi>;
type Serial = ReturnType<typeof useSerial>;
/** Changes the field in the page's list; takes a function so concurrent answers compose. */
type FieldChange = (update: (f: FieldView) => FieldView) => void;

function Section({ title, hint, children, testId }: { title: string; hint?: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card p-6" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      {hint && <p className="muted mt-1 text-sm">{hint}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A checkbox with a label and an optional line of explanation. */
function Check({ checked, disabled, onChange, label, hint, testId, data }: { checked: boolean; disabled?: boolean; onChange: (v: boolean) => void; label: string; hint?: string; testId: string; data?: Record<string, string> }) {
  return (
    <label className={`flex items-start gap-3 rounded-lg border border-[var(--border)] px-3 py-2.5 text-sm ${disabled ? "opacity-60" : "cursor-pointer hover:bg-[var(--surface-2)]"}`}>
      <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} {...data} />
      <span>
        <span className="block font-medium">{label}</span>
        {hint && <span className="muted block text-xs">{hint}</span>}
      </span>
    </label>
  );
}

/** Sends one change of the field and reports the updated field, or an error text. */
function useFieldUpdate(api: Api, serial: Serial, projectGuid: string, field: FieldView, onChange: FieldChange) {
  const { t } = useTranslation("projects");
  // Changes still on their way: the server's answer to an older one must not undo a newer one
  // already on screen, so its state is only taken once nothing else is pending.
  const pending = useRef(0);
  /** With `optimistic`, the change shows at once and is undone if the server refuses it. */
  return async (change: Record<string, unknown>, optimistic = false): Promise<{ error?: string; fields?: Record<string, string> }> => {
    const parsed = updateFieldBody.safeParse(change);
    if (!parsed.success) return { fields: zodFieldErrors(parsed.error, t) };
    const before = Object.fromEntries(Object.keys(parsed.data).map((k) => [k, field[k as keyof FieldView]]));
    if (optimistic) onChange((f) => ({ ...f, ...parsed.data }) as FieldView);
    pending.current += 1;
    const result = await serial(() => api<FieldView>("PUT", `/v1/project/${projectGuid}/fields/${field.guid}`, parsed.data, { quiet: true }));
    pending.current -= 1;
    if (result.error) {
      if (optimistic) onChange((f) => ({ ...f, ...before }));
      const s = serverErrors(result.error, t);
      return { error: s.detail, fields: s.fields };
    }
    if (pending.current === 0) onChange(() => result.data);
    return {};
  };
}

function GeneralSection({ field, update }: { field: FieldView; update: ReturnType<typeof useFieldUpdate> }) {
  const { t } = useTranslation("projects");
  const [title, setTitle] = useState(field.title);
  const [error, setError] = useState("");
  const [titleError, setTitleError] = useState("");
  const [done, setDone] = useState("");
  useEffect(() => setTitle(field.title), [field.title]);

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    setError("");
    setDone("");
    const r = await update({ title });
    setTitleError(r.fields?.title ?? "");
    if (r.error) setError(r.error);
    else if (!r.fields) setDone(t("settings:saved"));
  };
  const toggle = async (change: Record<string, boolean>) => {
    setError("");
    setDone("");
    const r = await update(change, true);
    if (r.error) setError(r.error);
  };

  return (
    <Section title={t("fieldSettings.general")} hint={field.system ? t("fieldSettings.systemHint") : undefined} testId="field-general">
      <form className="flex flex-col gap-4" onSubmit={rename} noValidate>
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <Field label={t("fieldSettings.name")} value={title} onChange={(e) => setTitle(e.target.value)} error={titleError || undefined} disabled={field.system} data-testid="field-name" />
          </div>
          {!field.system && (
            <button className="btn btn-primary" type="submit" disabled={title.trim() === field.title} data-testid="field-name-save">
              {t("settings:save")}
            </button>
          )}
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Check
            checked={field.hide_to_user}
            onChange={(v) => toggle({ hide_to_user: v })}
            label={t("fieldSettings.hiddenLabel")}
            hint={t("fieldSettings.hiddenHint")}
            testId="field-hidden"
          />
          <Check
            checked={field.individual_value}
            disabled={field.system}
            onChange={(v) => toggle({ individual_value: v })}
            label={t("fieldSettings.individual")}
            hint={t("fieldSettings.individualHint")}
            testId="field-individual"
          />
        </div>
        <div className="empty:hidden" data-testid="field-general-alert">
          {error && <FormAlert tone="error">{error}</FormAlert>}
          {done && <FormAlert tone="success">{done}</FormAlert>}
        </div>
      </form>
    </Section>
  );
}

function EntitiesSection({ field, update }: { field: FieldView; update: ReturnType<typeof useFieldUpdate> }) {
  const { t } = useTranslation("projects");
  const [error, setError] = useState("");
  const permitted = (slug: EntityKind) => field.entities.some((e) => e.slug === slug && e.permission);
  const toggle = async (slug: EntityKind, on: boolean) => {
    setError("");
    const entities = ENTITY_KINDS.map((k) => ({ slug: k, permission: k === slug ? on : permitted(k) }));
    const r = await update({ entities }, true);
    if (r.error) setError(r.error);
  };
  return (
    <Section title={t("fieldSettings.entities.title")} hint={t("fieldSettings.entities.hint")} testId="field-entities">
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {ENTITY_KINDS.map((k) => (
          <Check key={k} checked={permitted(k)} onChange={(v) => toggle(k, v)} label={t(`fieldSettings.entities.${k}`)} testId="field-entity" data={{ "data-entity": k }} />
        ))}
      </div>
      {error && (
        <div className="mt-3">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
    </Section>
  );
}

function OptionRow({ option, type, onSave, onDelete }: { option: FieldOption; type: string; onSave: (change: Record<string, unknown>) => Promise<string | undefined>; onDelete: () => void }) {
  const { t } = useTranslation("projects");
  const label = optionLabel(option);
  const [value, setValue] = useState(label);
  const [error, setError] = useState("");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: option.guid });
  useEffect(() => setValue(label), [label]);

  const shownNumber = option.value_number === undefined ? "" : String(option.value_number);
  const [number, setNumber] = useState(shownNumber);
  useEffect(() => setNumber(shownNumber), [shownNumber]);

  const rename = async () => {
    if (value.trim() === label) return setValue(label);
    setError((await onSave(optionBody(type, value))) ?? "");
  };
  // An empty box takes the number away; text that is not a number is refused by the schema.
  const renumber = async () => {
    if (number.trim() === shownNumber) return;
    const message = await onSave({ value_number: number.trim() === "" ? null : Number(number.replace(",", ".")) });
    setError(message ?? "");
    if (message) setNumber(shownNumber);
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`group flex items-start gap-2 bg-[var(--surface)] py-2 ${isDragging ? "z-10 rounded-lg shadow-lg ring-1 ring-[var(--border)]" : ""}`}
      data-testid="field-option"
      data-guid={option.guid}
      data-color={option.color}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        className="flex h-9 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-[var(--muted)] hover:bg-[var(--surface-2)] active:cursor-grabbing"
        aria-label={t("fieldSettings.dragOption", { name: label })}
        data-testid="option-drag"
      >
        <Icon name="grip" size={16} />
      </button>
      <ColorPicker value={option.color} onChange={async (color) => setError((await onSave({ color })) ?? "")} label={t("fieldSettings.colorOf", { name: label })} testId="option-color" />
      <div className="flex-1">
        <input
          className="input py-1.5"
          aria-label={t("fieldSettings.optionNameOf", { name: label })}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setValue(e.target.value)}
          onBlur={rename}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void rename();
            }
            if (e.key === "Escape") setValue(label);
          }}
          data-testid="option-name"
        />
        {error && <p className="field-error">{error}</p>}
      </div>
      {type === "select" && (
        <input
          className="input w-20 py-1.5 text-right tabular-nums"
          inputMode="decimal"
          aria-label={t("fieldSettings.optionNumberOf", { name: label })}
          placeholder={t("fieldSettings.optionNumberPlaceholder")}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          onBlur={renumber}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void renumber();
            }
            if (e.key === "Escape") setNumber(shownNumber);
          }}
          data-testid="option-number"
        />
      )}
      <button
        type="button"
        className="btn btn-ghost h-9 w-9 p-0 text-[var(--muted)] hover:text-[var(--danger)]"
        onClick={onDelete}
        aria-label={t("fieldSettings.removeOption", { name: label })}
        {...tooltip(t("fieldSettings.removeOption", { name: label }))}
        data-testid="option-delete"
      >
        <Icon name="trash" size={17} />
      </button>
    </li>
  );
}

function OptionsSection({ field, api, serial, projectGuid, onChange }: { field: FieldView; api: Api; serial: Serial; projectGuid: string; onChange: FieldChange }) {
  const { t } = useTranslation("projects");
  const [confirmDialog, ask] = useConfirm();
  const [options, setOptions] = useState(field.settings.values_set);
  const [draft, setDraft] = useState({ label: "", color: suggestedColor(field.settings.values_set.length) });
  const [draftError, setDraftError] = useState("");
  const [error, setError] = useState("");
  useEffect(() => setOptions(field.settings.values_set), [field.settings.values_set]);
  const sensors = useDragSensors();
  const base = `/v1/project/${projectGuid}/fields/${field.guid}/select`;

  const applied = (list: FieldOption[]) => {
    setOptions(list);
    onChange((f) => ({ ...f, settings: { ...f.settings, values_set: list } }));
  };
  const call = async (method: "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<string | undefined> => {
    setError("");
    const result = await serial(() => api<FieldOption[]>(method, path, body, { quiet: true }));
    if (result.error) {
      const s = serverErrors(result.error, t);
      return Object.values(s.fields)[0] ?? s.detail;
    }
    applied(result.data);
  };

  const save = async (option: FieldOption, change: Record<string, unknown>) => {
    const parsed = updateOptionBody.safeParse(change);
    if (!parsed.success) return Object.values(zodFieldErrors(parsed.error, t))[0];
    return call("PUT", `${base}/${option.guid}`, parsed.data);
  };
  const remove = async (option: FieldOption) => {
    if (!(await ask({ question: t("fieldSettings.confirmRemoveOption", { name: optionLabel(option) }), confirm: t("common:confirm.remove"), cancel: t("common:confirm.cancel") }))) return;
    const message = await call("DELETE", `${base}/${option.guid}`);
    if (message) setError(message);
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = optionInput.safeParse({ ...optionBody(field.type_fields, draft.label), color: draft.color });
    if (!parsed.success) return setDraftError(Object.values(zodFieldErrors(parsed.error, t))[0] ?? "");
    const message = await call("POST", base, parsed.data);
    setDraftError(message ?? "");
    if (!message) setDraft({ label: "", color: suggestedColor(options.length + 1) });
  };
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = options.findIndex((o) => o.guid === over.id);
    const before = options;
    setOptions(moveItem(options, options.findIndex((o) => o.guid === active.id), to));
    const message = await call("PUT", `${base}/${String(active.id)}`, { sort: to });
    if (message) {
      setOptions(before);
      setError(message);
    }
  };

  return (
    <Section
      title={t("fieldSettings.optionsTitle")}
      hint={field.type_fields === "select" ? `${t("fieldSettings.optionsHint")} ${t("fieldSettings.optionNumbersHint")}` : t("fieldSettings.optionsHint")}
      testId="field-options-editor"
    >
      {confirmDialog}
      {options.length === 0 ? (
        <p className="muted text-sm">{t("fieldSettings.noOptionsYet")}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={options.map((o) => o.guid)} strategy={verticalListSortingStrategy}>
            <ul className="-my-2" data-testid="field-option-list">
              {options.map((o) => (
                <OptionRow key={o.guid} option={o} type={field.type_fields} onSave={(change) => save(o, change)} onDelete={() => remove(o)} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      {error && (
        <div className="mt-3">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
      <form className="mt-4 flex items-start gap-2 border-t border-[var(--border)] pt-4 pl-8" onSubmit={add} noValidate>
        <OptionDraftInputs draft={draft} onDraft={setDraft} error={draftError} testIds={{ color: "option-add-color", name: "option-add-name" }} />
        <button className="btn py-1.5" type="submit" data-testid="option-add">
          <Icon name="plus" size={16} />
          {t("fieldSettings.addOption")}
        </button>
      </form>
    </Section>
  );
}

/** `/settings/fields/{field}`: one field's name, where it appears, and its options. */
export function FieldDetails({ field, projectGuid, onChange, onDelete }: { field: FieldView; projectGuid: string; onChange: FieldChange; onDelete: (f: FieldView) => void }) {
  const { t } = useTranslation("projects");
  const api = useApi();
  // One field's changes go to the server one at a time, in the order they were made.
  const serial = useSerial();
  const update = useFieldUpdate(api, serial, projectGuid, field, onChange);
  const headingId = useId();
  return (
    <div className="flex flex-col gap-6" data-testid="field-details" data-guid={field.guid} aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold" data-testid="field-details-title">
          {field.title}
        </h2>
        <span className="rounded-full bg-[var(--surface-2)] px-2.5 py-0.5 text-xs font-semibold text-[var(--muted)]">{t(`fields.types.${field.type_fields}`)}</span>
        {field.system && <SystemBadge />}
      </div>
      <GeneralSection field={field} update={update} />
      <EntitiesSection field={field} update={update} />
      {hasOptions(field.type_fields) && <OptionsSection field={field} api={api} serial={serial} projectGuid={projectGuid} onChange={onChange} />}
      {!field.system && (
        <section className="card flex flex-wrap items-center gap-4 border-[color-mix(in_srgb,var(--danger)_35%,var(--border))] p-6">
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold">{t("fieldSettings.deleteTitle")}</h3>
            <p className="muted mt-1 text-sm">{t("fieldSettings.deleteHint")}</p>
          </div>
          <button type="button" className="btn text-[var(--danger)]" onClick={() => onDelete(field)} data-testid="field-details-delete">
            <Icon name="trash" size={16} />
            {t("fieldSettings.deleteButton")}
          </button>
        </section>
      )}
    </div>
  );
}
