import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import { type Transition, allTransitions, cleanTransitions, updateWorkflowBody } from "../../../domain/fields/workflow";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { WorkflowView } from "../../../workers/services/workflows";
import { Field, FormAlert } from "../../components/ui/field";
import { serverErrors, zodFieldErrors } from "../../components/ui/form-errors";
import { Icon } from "../../components/ui/icons";
import { useApi } from "../shell/errors";
import { OptionLabel } from "./option-label";

const moveKey = (t: Transition) => `${t.from}>${t.to}`;

/** The allowed moves among the field's current options (a deleted option's moves no longer count). */
export function allowedMoves(workflow: WorkflowView, field: FieldView): Transition[] {
  return cleanTransitions(workflow.transitions, new Set(field.settings.values_set.map((o) => o.guid)));
}

function Section({ title, hint, actions, children, testId }: { title: string; hint?: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="card p-6" data-testid={testId}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{title}</h3>
          {hint && <div className="muted mt-1 text-sm">{hint}</div>}
        </div>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Widths of the row headings and of each option's column, in rem. */
const ROW_HEAD_REM = 11;
const COLUMN_REM = 7;

/**
 * The transitions matrix: a row per option a task is in, a column per option it may move to,
 * a checkbox per move. Staying put is always allowed, so the diagonal is ticked and disabled.
 */
function TransitionMatrix({ options, allowed, onToggle }: { options: FieldOption[]; allowed: ReadonlySet<string>; onToggle: (move: Transition, on: boolean) => void }) {
  const { t } = useTranslation("projects");
  const corner = "sticky left-0 z-10 bg-[var(--surface)]";
  return (
    <div className="overflow-x-auto rounded-xl border border-[var(--border)]">
      {/* Fixed layout: every "to" column is as wide as the others, so the ticks line up. */}
      <table className="w-full table-fixed border-separate border-spacing-0 text-sm" style={{ minWidth: `${ROW_HEAD_REM + options.length * COLUMN_REM}rem` }} data-testid="transition-matrix">
        <colgroup>
          <col style={{ width: `${ROW_HEAD_REM}rem` }} />
          {options.map((o) => (
            <col key={o.guid} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th className={`${corner} border-r border-b border-[var(--border)] px-3 py-2 text-left align-bottom`} rowSpan={2}>
              <span className="muted text-xs font-semibold tracking-wide uppercase">{t("workflow.from")}</span>
            </th>
            <th colSpan={options.length} className="border-b border-[var(--border)] px-3 pt-2 pb-1 text-center">
              <span className="muted inline-flex items-center gap-1 text-xs font-semibold tracking-wide uppercase">
                {t("workflow.to")}
                <Icon name="chevronRight" size={12} />
              </span>
            </th>
          </tr>
          <tr>
            {options.map((o) => (
              <th key={o.guid} scope="col" className="border-b border-[var(--border)] px-2 py-2 text-center align-bottom font-medium" data-testid="matrix-to">
                <OptionLabel option={o} wrap />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {options.map((from, row) => (
            <tr key={from.guid}>
              <th scope="row" className={`${corner} border-r border-[var(--border)] px-3 py-1 text-left font-medium ${row > 0 ? "border-t" : ""}`} data-testid="matrix-from">
                <OptionLabel option={from} />
              </th>
              {options.map((to) => {
                const stay = from.guid === to.guid;
                const on = stay || allowed.has(moveKey({ from: from.guid, to: to.guid }));
                const label = stay ? t("workflow.stay", { name: optionLabel(from) }) : t("workflow.move", { from: optionLabel(from), to: optionLabel(to) });
                return (
                  <td key={to.guid} className={`border-[var(--border)] p-0 text-center ${row > 0 ? "border-t" : ""} ${stay ? "bg-[var(--surface-2)]" : on ? "bg-[color-mix(in_srgb,var(--primary)_7%,transparent)]" : ""}`}>
                    <label className={`flex h-10 items-center justify-center ${stay ? "" : "cursor-pointer hover:bg-[color-mix(in_srgb,var(--primary)_12%,transparent)]"}`} title={label}>
                      <input
                        type="checkbox"
                        className="h-4 w-4"
                        checked={on}
                        disabled={stay}
                        aria-label={label}
                        onChange={(e) => onToggle({ from: from.guid, to: to.guid }, e.target.checked)}
                        data-testid="transition"
                        data-from={from.guid}
                        data-to={to.guid}
                      />
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One workflow: its moves (saved with Save), its name, and deleting it. */
export function WorkflowEditor({ workflow, field, projectGuid, onSaved, onDelete }: { workflow: WorkflowView; field: FieldView; projectGuid: string; onSaved: (workflow: WorkflowView) => void; onDelete: (workflow: WorkflowView) => void }) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const options = field.settings.values_set;
  // Keyed by content, not identity: a revalidation that brings the same data must not wipe
  // ticks that are not saved yet.
  const optionKey = options.map((o) => o.guid).join(" ");
  const savedKey = allowedMoves(workflow, field).map(moveKey).sort().join(" ");
  const every = useMemo(() => allTransitions(optionKey.split(" ").filter(Boolean)), [optionKey]);
  const saved = useMemo<ReadonlySet<string>>(() => new Set(savedKey.split(" ").filter(Boolean)), [savedKey]);
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(saved);
  const [title, setTitle] = useState(workflow.title);
  const [busy, setBusy] = useState(false);
  const [movesAlert, setMovesAlert] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [nameAlert, setNameAlert] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [titleError, setTitleError] = useState("");
  // A saved answer is the new truth for both the ticks and the name.
  useEffect(() => setAllowed(saved), [saved]);
  useEffect(() => setTitle(workflow.title), [workflow.title]);

  const dirty = allowed.size !== saved.size || [...allowed].some((k) => !saved.has(k));
  const base = `/v1/project/${projectGuid}/workflow/${workflow.guid}`;

  const toggle = (move: Transition, on: boolean) => {
    setMovesAlert(null);
    setAllowed((current) => {
      const next = new Set(current);
      if (on) next.add(moveKey(move));
      else next.delete(moveKey(move));
      return next;
    });
  };
  const setAll = (on: boolean) => {
    setMovesAlert(null);
    setAllowed(new Set(on ? every.map(moveKey) : []));
  };

  const send = async (change: Record<string, unknown>) => {
    const parsed = updateWorkflowBody.safeParse(change);
    if (!parsed.success) return { fields: zodFieldErrors(parsed.error, t) };
    setBusy(true);
    const result = await api<WorkflowView>("PUT", base, parsed.data, { quiet: true });
    setBusy(false);
    if (result.error) {
      const s = serverErrors(result.error, t);
      return { error: s.detail, fields: s.fields };
    }
    onSaved(result.data);
    return {};
  };

  const saveMoves = async () => {
    setMovesAlert(null);
    // In option order, so the stored list reads like the matrix.
    const r = await send({ transitions: every.filter((m) => allowed.has(moveKey(m))) });
    const problem = r.error ?? Object.values(r.fields ?? {})[0];
    setMovesAlert(problem ? { tone: "error", text: problem } : { tone: "success", text: t("workflow.saved") });
  };
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    setNameAlert(null);
    const r = await send({ title });
    setTitleError(r.fields?.title ?? "");
    if (r.error) setNameAlert({ tone: "error", text: r.error });
    else if (!r.fields) setNameAlert({ tone: "success", text: t("settings:saved") });
  };

  const alertBox = (alert: { tone: "error" | "success"; text: string } | null, testId: string) => (
    <div className="empty:hidden" aria-live="polite" data-testid={testId}>
      {alert && <FormAlert tone={alert.tone}>{alert.text}</FormAlert>}
    </div>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="workflow-details">
      <div>
        <h2 className="text-lg font-semibold" data-testid="workflow-title">
          {workflow.title}
        </h2>
        <p className="muted mt-1 text-sm">
          {t("workflow.ofField")}{" "}
          <Link className="link" to={`/project/${projectGuid}/settings/fields/${field.guid}`} data-testid="workflow-field">
            {field.title}
          </Link>
        </p>
      </div>

      <Section
        title={t("workflow.movesTitle")}
        hint={
          <>
            <p>{t("workflow.movesHint")}</p>
            <p>{t("workflow.refused")}</p>
          </>
        }
        actions={
          options.length > 1 && (
            <div className="flex gap-2">
              <button type="button" className="btn py-1.5 text-sm" onClick={() => setAll(true)} data-testid="allow-all">
                {t("workflow.allowAll")}
              </button>
              <button type="button" className="btn py-1.5 text-sm" onClick={() => setAll(false)} data-testid="allow-none">
                {t("workflow.allowNone")}
              </button>
            </div>
          )
        }
        testId="workflow-moves"
      >
        {options.length < 2 ? (
          <p className="muted text-sm" data-testid="workflow-no-options">
            {t("workflow.noOptions")}
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <TransitionMatrix options={options} allowed={allowed} onToggle={toggle} />
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" className="btn btn-primary" disabled={busy || !dirty} onClick={saveMoves} data-testid="workflow-save">
                {t("settings:save")}
              </button>
              <span className="muted text-sm" data-testid="workflow-moves-count">
                {t("workflow.moves", { count: allowed.size, total: every.length })}
              </span>
              {dirty && (
                <span className="text-sm font-medium text-[var(--primary)]" data-testid="workflow-unsaved">
                  {t("workflow.unsaved")}
                </span>
              )}
            </div>
            {alertBox(movesAlert, "workflow-moves-alert")}
          </div>
        )}
      </Section>

      <section className="card p-6" data-testid="workflow-rename">
        <form className="flex flex-col gap-3" onSubmit={rename} noValidate>
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <Field label={t("workflow.name")} value={title} onChange={(e) => setTitle(e.target.value)} error={titleError || undefined} data-testid="workflow-name" />
            </div>
            <button className="btn btn-primary" type="submit" disabled={busy || title.trim() === workflow.title} data-testid="workflow-rename-save">
              {t("workflow.rename")}
            </button>
          </div>
          {alertBox(nameAlert, "workflow-rename-alert")}
        </form>
      </section>

      <section className="card flex flex-wrap items-center gap-4 border-[color-mix(in_srgb,var(--danger)_35%,var(--border))] p-6">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{t("workflow.deleteTitle")}</h3>
          <p className="muted mt-1 text-sm">{t("workflow.deleteHint")}</p>
        </div>
        <button type="button" className="btn text-[var(--danger)]" onClick={() => onDelete(workflow)} data-testid="workflow-delete">
          <Icon name="trash" size={16} />
          {t("workflow.deleteButton")}
        </button>
      </section>
    </div>
  );
}
