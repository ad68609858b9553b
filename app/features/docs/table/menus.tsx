/**
 * The grid's structure controls: a column's header with its menu (rename, type, insert,
 * delete), a row's number with its menu, and the toolbar's "add column" form.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type * as Y from "yjs";
import {
  addColumn,
  addRow,
  COLUMN_TYPES,
  type ColumnType,
  type Outcome,
  removeColumn,
  removeRow,
  renameColumn,
  setColumnType,
  tableArrays,
  type TableColumn,
  type TableError,
  type TableRow,
} from "../../../../domain/docs/table";
import { Icon, type IconName } from "../../../components/ui/icons";
import { AnchoredPopover } from "../../../components/ui/popover";
import { MenuAction } from "./menu-action";

/** A column type's glyph, from the one icon set. */
const TYPE_ICON: Record<ColumnType, IconName> = { text: "text", number: "number", date: "calendar", checkbox: "checkbox" };

/** Shows a refused operation's message; true when the operation went through. */
export type Report = <T>(outcome: Outcome<T>) => outcome is { ok: true } & T;

export function ColumnHeader({ ydoc, column, index, readOnly, report }: { ydoc: Y.Doc; column: TableColumn; index: number; readOnly: boolean; report: Report }) {
  const { t } = useTranslation("docs-kinds");
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(column.name);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    setConfirmDelete(false);
  }, []);
  useEffect(() => {
    if (!open) setName(column.name);
  }, [column.name, open]);
  return (
    <th
      scope="col"
      aria-colindex={index + 2}
      className="sticky top-0 z-10 min-w-36 border-b border-r px-2 py-1.5 text-left font-semibold"
      style={{ background: "var(--surface-2)", borderColor: "var(--border)" }}
      data-testid="table-column"
      data-type={column.type}
    >
      <div className="relative flex items-center gap-1.5">
        <span className="muted" title={t(`table.types.${column.type}`)}>
          <Icon name={TYPE_ICON[column.type]} size={14} className="shrink-0" />
        </span>
        <span className="min-w-0 flex-1 truncate" data-testid="table-column-name">
          {column.name}
        </span>
        {!readOnly && (
          <button
            ref={trigger}
            type="button"
            className="btn btn-ghost"
            style={{ padding: "0.15rem" }}
            aria-label={t("table.columnMenu", { name: column.name })}
            aria-expanded={open}
            aria-haspopup="dialog"
            onClick={() => setOpen((v) => !v)}
            data-testid="table-column-menu"
          >
            <Icon name="more" size={16} />
          </button>
        )}
        <AnchoredPopover open={open} onClose={close} anchor={trigger} label={t("table.columnMenu", { name: column.name })} align="end" testId="table-column-panel">
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (report(renameColumn(ydoc, column.id, name))) close();
            }}
          >
            <label className="label" style={{ marginBottom: 0 }}>
              {t("table.columnName")}
              <input className="input mt-1 font-normal" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} data-testid="table-column-rename" />
            </label>
            <button type="submit" className="btn btn-primary" style={{ padding: "0.35rem 0.75rem" }}>
              {t("table.rename")}
            </button>
          </form>
          <label className="label" style={{ marginBottom: 0 }}>
            {t("table.columnType")}
            <select
              className="input mt-1 font-normal"
              value={column.type}
              onChange={(e) => report(setColumnType(ydoc, column.id, e.target.value as ColumnType))}
              data-testid="table-column-type"
            >
              {COLUMN_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`table.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <hr style={{ borderColor: "var(--border)" }} />
          <MenuAction onClick={() => report(addColumn(ydoc, { name: t("table.newColumn"), type: "text" }, index)) && close()}>{t("table.insertLeft")}</MenuAction>
          <MenuAction onClick={() => report(addColumn(ydoc, { name: t("table.newColumn"), type: "text" }, index + 1)) && close()}>{t("table.insertRight")}</MenuAction>
          {confirmDelete ? (
            <MenuAction danger onClick={() => report(removeColumn(ydoc, column.id)) && close()} testId="table-column-delete-confirm">
              {t("table.deleteColumnConfirm")}
            </MenuAction>
          ) : (
            <MenuAction danger onClick={() => setConfirmDelete(true)} testId="table-column-delete">
              {t("table.deleteColumn")}
            </MenuAction>
          )}
        </AnchoredPopover>
      </div>
    </th>
  );
}

export function RowHeader({ ydoc, row, index, readOnly, report, onInsert }: { ydoc: Y.Doc; row: TableRow; index: number; readOnly: boolean; report: Report; onInsert: (at: number) => void }) {
  const { t } = useTranslation("docs-kinds");
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <th
      scope="row"
      className="sticky left-0 z-10 w-12 border-b border-r px-1 text-center text-xs font-medium"
      style={{ background: "var(--surface-2)", borderColor: "var(--border)", color: "var(--muted)" }}
    >
      <div className="relative">
        {readOnly ? (
          <span>{index + 1}</span>
        ) : (
          <button
            ref={trigger}
            type="button"
            className="w-full rounded px-1 py-1 hover:underline"
            aria-label={t("table.rowMenu", { n: index + 1 })}
            aria-expanded={open}
            aria-haspopup="dialog"
            onClick={() => setOpen((v) => !v)}
            data-testid="table-row-menu"
          >
            {index + 1}
          </button>
        )}
        <AnchoredPopover open={open} onClose={close} anchor={trigger} label={t("table.rowMenu", { n: index + 1 })} testId="table-row-panel">
          <MenuAction
            onClick={() => {
              close();
              onInsert(index);
            }}
          >
            {t("table.insertAbove")}
          </MenuAction>
          <MenuAction
            onClick={() => {
              close();
              onInsert(index + 1);
            }}
          >
            {t("table.insertBelow")}
          </MenuAction>
          <MenuAction danger onClick={() => report(removeRow(ydoc, row.id)) && close()} testId="table-row-delete">
            {t("table.deleteRow")}
          </MenuAction>
        </AnchoredPopover>
      </div>
    </th>
  );
}

export function AddColumn({ ydoc, report }: { ydoc: Y.Doc; report: Report }) {
  const { t } = useTranslation("docs-kinds");
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [type, setType] = useState<ColumnType>("text");
  const [error, setError] = useState<TableError | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    setError(null);
  }, []);
  return (
    <span className="relative">
      <button
        ref={trigger}
        type="button"
        className="btn"
        style={{ padding: "0.35rem 0.75rem" }}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((v) => !v)}
        data-testid="table-add-column"
      >
        <Icon name="plus" size={16} />
        {t("table.addColumn")}
      </button>
      <AnchoredPopover open={open} onClose={close} anchor={trigger} label={t("table.addColumn")} align="end" testId="table-add-column-panel">
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const made = addColumn(ydoc, { name, type });
            if (!made.ok) {
              if (made.error === "name_empty" || made.error === "name_too_long") setError(made.error);
              else report(made);
              return;
            }
            // A table's first column comes with a first row to type into.
            if (tableArrays(ydoc).rows.length === 0) addRow(ydoc);
            setName("");
            setType("text");
            close();
          }}
        >
          <label className="label" style={{ marginBottom: 0 }}>
            {t("table.columnName")}
            <input
              className="input mt-1 font-normal"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              maxLength={120}
              data-testid="table-new-column-name"
            />
          </label>
          {error && (
            <p className="field-error" role="alert" style={{ marginTop: 0 }}>
              {t(`table.errors.${error}`)}
            </p>
          )}
          <label className="label" style={{ marginBottom: 0 }}>
            {t("table.columnType")}
            <select className="input mt-1 font-normal" value={type} onChange={(e) => setType(e.target.value as ColumnType)} data-testid="table-new-column-type">
              {COLUMN_TYPES.map((c) => (
                <option key={c} value={c}>
                  {t(`table.types.${c}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-primary" style={{ padding: "0.35rem 0.75rem" }} data-testid="table-new-column-submit">
            {t("table.add")}
          </button>
        </form>
      </AnchoredPopover>
    </span>
  );
}
