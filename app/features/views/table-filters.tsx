/**
 * The table's filter bar: conditions on field values (the saved filters' own `{field, op,
 * value}`, matched by domain/fields/filters), and saved filters through the v3 API — save the
 * current conditions under a name, pick a saved one, delete one's own.
 */
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Condition, type FilterOp, FILTER_TITLE_MAX, opsFor } from "../../../domain/fields/filters";
import { type FieldType, optionLabel } from "../../../domain/fields/types";
import { conditionComplete } from "../../../domain/planning/table";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { FilterView } from "../../../workers/services/views";
import { Icon } from "../../components/ui/icons";
import { SelectOne } from "../../components/ui/select";
import { useApi } from "../shell/errors";
import type { FieldContext } from "../../components/fields/context";

const NEEDS_NO_VALUE: readonly FilterOp[] = ["empty", "not_empty"];
/** The filter bar's controls are one size. */
const SMALL = "h-8 min-h-0 py-0.5";

function ConditionValue({ field, condition, ctx, onChange, label }: { field: FieldView; condition: Condition; ctx: FieldContext; onChange: (value: unknown) => void; label: string }) {
  const { t } = useTranslation("views");
  const type = field.type_fields as FieldType;
  if (NEEDS_NO_VALUE.includes(condition.op)) return null;
  const value = condition.value;
  const pick = (choices: { id: string; label: string }[], parse: (raw: string) => unknown = (raw) => raw) => (
    <SelectOne
      label={label}
      value={value === undefined || value === null ? "" : String(value)}
      options={[{ value: "", label: t("filters.choose") }, ...choices.map((c) => ({ value: c.id, label: c.label }))]}
      onChange={(raw) => onChange(raw === "" ? undefined : parse(raw))}
      className="w-44"
      buttonClassName={SMALL}
      testId="condition-value"
    />
  );
  if (type === "select" || type === "rotation" || type === "multi_select") return pick(field.settings.values_set.map((o) => ({ id: o.guid, label: optionLabel(o) })));
  if (type === "participant" || type === "participants") return pick(ctx.participants.map((p) => ({ id: p.guid, label: p.name })));
  if (type === "sprint") return pick(ctx.sprints.filter((s) => !s.backlog).map((s) => ({ id: s.guid, label: s.title })));
  if (type === "checkbox") {
    return pick(
      [
        { id: "true", label: t("values.yes") },
        { id: "false", label: t("values.no") },
      ],
      (raw) => raw === "true",
    );
  }
  if (type === "issue" || type === "issues") {
    return pick([...ctx.tasks.values()].sort((a, b) => a.number - b.number).map((task) => ({ id: task.guid, label: `#${task.number}` })));
  }
  return (
    <input
      className="input h-8 w-44 px-2 py-0.5 text-sm"
      aria-label={label}
      type={type === "number" ? "number" : type === "date" ? "date" : "text"}
      step={type === "number" ? "any" : undefined}
      value={value === undefined || value === null ? "" : String(value)}
      onChange={(e) => {
        const raw = e.target.value;
        if (raw === "") return onChange(undefined);
        onChange(type === "number" ? (Number.isFinite(Number(raw)) ? Number(raw) : undefined) : raw);
      }}
      data-testid="condition-value"
    />
  );
}

export function FilterBar({
  projectGuid,
  viewerGuid,
  fields,
  ctx,
  conditions,
  onConditions,
  shown,
  total,
}: {
  projectGuid: string;
  viewerGuid: string | undefined;
  fields: readonly FieldView[];
  ctx: FieldContext;
  conditions: Condition[];
  onConditions: (next: Condition[]) => void;
  shown: number;
  total: number;
}) {
  const { t } = useTranslation("views");
  const api = useApi();
  const [saved, setSaved] = useState<FilterView[]>([]);
  const [current, setCurrent] = useState<string>("");
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const base = `/v3/project/${projectGuid}/filters`;

  const load = useCallback(async () => {
    const result = await api<FilterView[]>("GET", base);
    if (result.data) setSaved(result.data);
  }, [api, base]);
  useEffect(() => void load(), [load]);

  const fieldOf = (guid: string) => fields.find((f) => f.guid === guid);
  const update = (index: number, patch: Partial<Condition>) => {
    setCurrent("");
    onConditions(conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  };
  const add = () => {
    const field = fields[0];
    if (!field) return;
    setCurrent("");
    onConditions([...conditions, { field: field.guid, op: opsFor(field.type_fields)[0]!, value: undefined }]);
  };
  const pickSaved = (guid: string) => {
    setCurrent(guid);
    const filter = saved.find((f) => f.guid === guid);
    onConditions(filter ? filter.conditions.map((c) => ({ ...c })) : []);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const title = name.trim();
    if (!title) return;
    const result = await api<FilterView>("PUT", base, { title, shared, conditions: conditions.filter(conditionComplete) });
    if (result.error) return;
    setNaming(false);
    setName("");
    setShared(false);
    await load();
    setCurrent(result.data.guid);
  };
  const remove = async () => {
    const result = await api("DELETE", `${base}/${current}`);
    if (result.error) return;
    setCurrent("");
    onConditions([]);
    await load();
  };
  const currentFilter = saved.find((f) => f.guid === current);
  const complete = conditions.filter(conditionComplete);

  return (
    <section className="card flex flex-col gap-2 p-3" aria-label={t("filters.label")} data-testid="table-filters">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold" aria-hidden="true">
          {t("filters.saved")}
        </span>
        <SelectOne
          label={t("filters.saved")}
          value={current}
          options={[{ value: "", label: t("filters.none") }, ...saved.map((f) => ({ value: f.guid, label: f.shared ? t("filters.sharedTitle", { title: f.title }) : f.title }))]}
          onChange={pickSaved}
          className="w-56"
          buttonClassName={SMALL}
          testId="saved-filter"
        />
        {currentFilter && currentFilter.owner === viewerGuid && (
          <button type="button" className="btn btn-ghost px-2 py-1 text-sm text-[var(--danger)]" onClick={() => void remove()} data-testid="saved-filter-delete">
            <Icon name="trash" size={16} />
            {t("filters.delete")}
          </button>
        )}
        <span className="muted ml-auto text-sm" data-testid="table-count">
          {shown === total ? t("table.rows", { count: total }) : t("table.rowsOf", { count: shown, total })}
        </span>
      </div>

      {conditions.length > 0 && (
        <ul className="flex flex-col gap-1.5" data-testid="conditions">
          {conditions.map((c, i) => {
            const field = fieldOf(c.field);
            const ops = field ? opsFor(field.type_fields) : [];
            return (
              <li key={i} className="flex flex-wrap items-center gap-2" data-testid="condition">
                <span className="muted w-10 text-right text-xs">{i === 0 ? t("filters.where") : t("filters.and")}</span>
                <SelectOne
                  label={t("filters.field", { n: i + 1 })}
                  value={c.field}
                  options={fields.map((f) => ({ value: f.guid, label: f.title }))}
                  onChange={(guid) => {
                    const next = fieldOf(guid);
                    if (next) update(i, { field: next.guid, op: opsFor(next.type_fields)[0]!, value: undefined });
                  }}
                  className="w-44"
                  buttonClassName={SMALL}
                  testId="condition-field"
                />
                <SelectOne
                  label={t("filters.op", { n: i + 1 })}
                  value={c.op}
                  options={ops.map((op) => ({ value: op, label: t(`filters.ops.${op}`) }))}
                  onChange={(op) => update(i, { op: op as FilterOp })}
                  className="w-36"
                  buttonClassName={SMALL}
                  testId="condition-op"
                />
                {field && <ConditionValue field={field} condition={c} ctx={ctx} onChange={(value) => update(i, { value })} label={t("filters.value", { n: i + 1 })} />}
                <button
                  type="button"
                  className="muted rounded p-1 hover:bg-[var(--surface-2)] hover:text-[var(--text)]"
                  aria-label={t("filters.remove", { n: i + 1 })}
                  onClick={() => {
                    setCurrent("");
                    onConditions(conditions.filter((_, j) => j !== i));
                  }}
                  data-testid="condition-remove"
                >
                  <Icon name="x" size={16} />
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn px-3 py-1 text-sm" onClick={add} data-testid="condition-add">
          <Icon name="plus" size={16} />
          {t("filters.add")}
        </button>
        {conditions.length > 0 && (
          <button
            type="button"
            className="btn btn-ghost px-3 py-1 text-sm"
            onClick={() => {
              setCurrent("");
              onConditions([]);
            }}
            data-testid="conditions-clear"
          >
            {t("filters.clear")}
          </button>
        )}
        {complete.length > 0 && !naming && (
          <button type="button" className="btn px-3 py-1 text-sm" onClick={() => setNaming(true)} data-testid="filter-save-open">
            {t("filters.saveAs")}
          </button>
        )}
        {naming && (
          <form onSubmit={save} className="flex flex-wrap items-center gap-2" data-testid="filter-save-form">
            <input
              autoFocus
              className="input h-8 w-56 px-2 py-0.5 text-sm"
              placeholder={t("filters.name")}
              aria-label={t("filters.name")}
              maxLength={FILTER_TITLE_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && setNaming(false)}
              data-testid="filter-name"
            />
            <label className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} data-testid="filter-shared" />
              {t("filters.shared")}
            </label>
            <button type="submit" className="btn btn-primary px-3 py-1 text-sm" data-testid="filter-save">
              {t("filters.save")}
            </button>
            <button type="button" className="btn btn-ghost px-3 py-1 text-sm" onClick={() => setNaming(false)}>
              {t("board.cancel")}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
