/**
 * A table document: a spreadsheet-like grid over the table's Y.Doc (`domain/docs/table.ts`).
 * One cell is active (roving focus); arrows, Home/End, PageUp/PageDown and Tab move it, Enter
 * or typing edits it, Escape cancels, Delete clears. Every write is one Yjs transaction on one
 * cell, row or column, so people editing different cells never undo each other.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type * as Y from "yjs";
import {
  addColumn,
  addRow,
  type CellPosition,
  type CellValue,
  cellToInput,
  clampCell,
  COLUMN_TYPES,
  type ColumnType,
  fitsType,
  formatCell,
  moveCell,
  moveForKey,
  type Outcome,
  parseCell,
  removeColumn,
  removeRow,
  renameColumn,
  setCell,
  setColumnType,
  tableArrays,
  type TableColumn,
  type TableError,
  type TableRow,
} from "../../../../domain/docs/table";
import { type AwarenessLike, type DocStatus, Notice, StatusLine } from "../kinds/frame";
import { MenuAction, Popover } from "./popover";
import { useTable } from "./use-table";

/** How long a refused operation's message stays. */
const PROBLEM_MS = 6000;

interface Editing {
  rowId: string;
  colId: string;
  draft: string;
  error: TableError | null;
}

interface Peer {
  name: string;
  color: string;
}

export function TableDocument({ ydoc, status, readOnly, awareness, shared = false }: { ydoc: Y.Doc; status: DocStatus; readOnly: boolean; awareness: AwarenessLike | null; shared?: boolean }) {
  const { t, i18n } = useTranslation("docs-kinds");
  const table = useTable(ydoc);
  const { columns, rows } = table;
  const size = { rows: rows.length, cols: columns.length };
  const [active, setActive] = useState<{ rowId: string; colId: string } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<TableError | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const cellRefs = useRef(new Map<string, HTMLTableCellElement>());
  const focusPending = useRef(false);
  const gridId = useId();

  // The active cell by position, kept on the same row and column when others insert or delete.
  const position: CellPosition = useMemo(() => {
    if (!active) return { row: 0, col: 0 };
    const row = rows.findIndex((r) => r.id === active.rowId);
    const col = columns.findIndex((c) => c.id === active.colId);
    return clampCell({ row: row < 0 ? 0 : row, col: col < 0 ? 0 : col }, size);
  }, [active, rows, columns, size.rows, size.cols]);
  const activeRow = rows[position.row];
  const activeCol = columns[position.col];

  // Others' active cells, from awareness.
  const [peers, setPeers] = useState<Map<string, Peer[]>>(new Map());
  useEffect(() => {
    if (!awareness) return;
    const read = () => {
      const next = new Map<string, Peer[]>();
      awareness.getStates().forEach((state, clientId) => {
        if (clientId === awareness.clientID) return;
        const cell = state.cell as { row?: unknown; col?: unknown } | undefined;
        const user = state.user as { name?: unknown; color?: unknown } | undefined;
        // Readers of a shared link have no name and are not shown.
        if (!cell || typeof cell.row !== "string" || typeof cell.col !== "string" || typeof user?.name !== "string" || !user.name) return;
        const key = `${cell.row}:${cell.col}`;
        const peer = { name: user.name, color: typeof user?.color === "string" ? user.color : "#6366f1" };
        next.set(key, [...(next.get(key) ?? []), peer]);
      });
      setPeers(next);
    };
    awareness.on("change", read);
    read();
    return () => awareness.off("change", read);
  }, [awareness]);
  useEffect(() => {
    awareness?.setLocalStateField("cell", activeRow && activeCol ? { row: activeRow.id, col: activeCol.id } : null);
  }, [awareness, activeRow?.id, activeCol?.id]);

  useEffect(() => {
    if (!problem) return;
    const timer = setTimeout(() => setProblem(null), PROBLEM_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  const report = useCallback(<T,>(outcome: Outcome<T>): outcome is { ok: true } & T => {
    if (!outcome.ok) setProblem(outcome.error);
    return outcome.ok;
  }, []);

  const focusActive = useCallback(() => {
    focusPending.current = true;
  }, []);
  useLayoutEffect(() => {
    if (!focusPending.current || !activeRow || !activeCol || editing) return;
    focusPending.current = false;
    const cell = cellRefs.current.get(`${activeRow.id}:${activeCol.id}`);
    cell?.focus({ preventScroll: true });
    cell?.scrollIntoView({ block: "nearest", inline: "nearest" });
  });

  const goTo = useCallback(
    (to: CellPosition) => {
      const row = rows[to.row];
      const col = columns[to.col];
      if (!row || !col) return;
      setActive({ rowId: row.id, colId: col.id });
      focusActive();
    },
    [rows, columns, focusActive],
  );

  const write = useCallback(
    (rowId: string, colId: string, value: CellValue | undefined) => report(setCell(ydoc, rowId, colId, value)),
    [ydoc, report],
  );

  const startEditing = (row: TableRow, col: TableColumn, initial?: string) => {
    if (readOnly) return;
    if (col.type === "checkbox") {
      write(row.id, col.id, row.cells[col.id] === true ? undefined : true);
      return;
    }
    const current = row.cells[col.id];
    setEditing({ rowId: row.id, colId: col.id, draft: initial ?? (col.type === "number" && typeof current === "number" ? String(current) : cellToInput(current)), error: null });
  };

  /** Ends editing; returns false (and keeps the editor open) when the input is not valid. */
  const commit = (draft: string, type: ColumnType): boolean => {
    if (!editing) return true;
    const parsed = parseCell(type, draft);
    if (!parsed.ok) {
      setEditing({ ...editing, draft, error: parsed.error });
      return false;
    }
    write(editing.rowId, editing.colId, parsed.value);
    setEditing(null);
    focusActive();
    return true;
  };

  const cancel = () => {
    setEditing(null);
    focusActive();
  };

  const onGridKeyDown = (event: React.KeyboardEvent) => {
    if (editing || !activeRow || !activeCol) return;
    if ((event.target as HTMLElement).closest("[role=dialog], button, input, select")) return;
    const move = moveForKey(event.key, { ctrl: event.ctrlKey || event.metaKey, shift: event.shiftKey });
    if (move) {
      const to = moveCell(position, move, size);
      // Tab at the last (or Shift+Tab at the first) cell leaves the grid as usual.
      if ((move === "next" || move === "previous") && to.row === position.row && to.col === position.col) return;
      event.preventDefault();
      goTo(to);
      return;
    }
    if (readOnly) return;
    if (event.key === "Enter" || event.key === "F2" || (event.key === " " && activeCol.type === "checkbox")) {
      event.preventDefault();
      startEditing(activeRow, activeCol);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      write(activeRow.id, activeCol.id, undefined);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && activeCol.type !== "checkbox") {
      event.preventDefault();
      startEditing(activeRow, activeCol, activeCol.type === "date" ? undefined : event.key);
    }
  };

  const insertRow = (at?: number) => {
    const made = addRow(ydoc, at);
    if (report(made) && columns[0]) {
      setActive({ rowId: made.id, colId: columns[0].id });
      focusActive();
    }
  };

  const empty = columns.length === 0;

  return (
    <section className="flex flex-col gap-2" data-testid="table-editor" aria-label={t("table.label")}>
      <StatusLine status={status} readOnly={readOnly} badge={!shared}>
        {!readOnly && (
          <>
            <button type="button" className="btn" style={{ padding: "0.35rem 0.75rem" }} onClick={() => insertRow()} disabled={empty} data-testid="table-add-row">
              <PlusIcon />
              {t("table.addRow")}
            </button>
            <AddColumn ydoc={ydoc} report={report} />
          </>
        )}
      </StatusLine>
      {editing?.error && (
        <Notice tone="warning" testId="table-cell-error">
          <span id={`${gridId}-error`}>{t(`table.errors.${editing.error}`)}</span>
        </Notice>
      )}
      {problem && (
        <Notice tone="warning" testId="table-problem">
          {t(`table.errors.${problem}`)}
        </Notice>
      )}
      {empty ? (
        <div className="card flex flex-col items-center gap-2 p-10 text-center" data-testid="table-empty">
          <p className="font-semibold">{t("table.emptyTitle")}</p>
          <p className="muted text-sm">{readOnly ? t("table.emptyReadOnly") : t("table.emptyHint")}</p>
        </div>
      ) : (
        <div className="card overflow-auto" style={{ maxHeight: "max(420px, calc(100vh - 16rem))" }}>
          <table
            ref={gridRef}
            role="grid"
            id={gridId}
            aria-label={t("table.label")}
            aria-rowcount={rows.length + 1}
            aria-colcount={columns.length + 1}
            aria-readonly={readOnly || undefined}
            className="w-max min-w-full border-separate text-sm"
            style={{ borderSpacing: 0 }}
            onKeyDown={onGridKeyDown}
          >
            <thead>
              <tr role="row" aria-rowindex={1}>
                <th
                  scope="col"
                  className="sticky left-0 top-0 z-20 w-12 border-b border-r px-2 py-2 text-xs font-semibold"
                  style={{ background: "var(--surface-2)", borderColor: "var(--border)" }}
                >
                  <span className="sr-only">{t("table.rowNumber")}</span>
                </th>
                {columns.map((col, i) => (
                  <ColumnHeader key={col.id} ydoc={ydoc} column={col} index={i} readOnly={readOnly} report={report} />
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={row.id} role="row" aria-rowindex={r + 2} data-testid="table-row">
                  <RowHeader ydoc={ydoc} row={row} index={r} readOnly={readOnly} report={report} onInsert={insertRow} />
                  {columns.map((col, c) => {
                    const isActive = r === position.row && c === position.col && active !== null;
                    const isEditing = editing?.rowId === row.id && editing.colId === col.id;
                    const key = `${row.id}:${col.id}`;
                    return (
                      <td
                        key={col.id}
                        ref={(el) => {
                          if (el) cellRefs.current.set(key, el);
                          else cellRefs.current.delete(key);
                        }}
                        role="gridcell"
                        aria-colindex={c + 2}
                        aria-selected={isActive}
                        tabIndex={r === position.row && c === position.col ? 0 : -1}
                        data-testid="table-cell"
                        data-row={r}
                        data-col={c}
                        className="relative h-9 min-w-36 max-w-80 border-b border-r px-2 align-middle outline-none"
                        style={{
                          borderColor: "var(--border)",
                          boxShadow: isActive ? "inset 0 0 0 2px var(--primary)" : peerShadow(peers.get(key)),
                          background: isActive ? "color-mix(in srgb, var(--primary) 6%, var(--surface))" : undefined,
                        }}
                        onMouseDown={(event) => {
                          if (isEditing) return;
                          if (event.detail > 1) event.preventDefault();
                          setActive({ rowId: row.id, colId: col.id });
                          focusActive();
                        }}
                        onDoubleClick={() => col.type !== "checkbox" && startEditing(row, col)}
                        onFocus={() => {
                          if (!isActive) setActive({ rowId: row.id, colId: col.id });
                        }}
                      >
                        {isEditing && editing ? (
                          <CellEditor
                            column={col}
                            editing={editing}
                            errorId={`${gridId}-error`}
                            onDraft={(draft) => setEditing({ ...editing, draft, error: null })}
                            onCommit={(draft, then) => {
                              if (!commit(draft, col.type)) return false;
                              if (then) goTo(moveCell(position, then, size));
                              return true;
                            }}
                            onCancel={cancel}
                          />
                        ) : (
                          <CellView
                            column={col}
                            value={row.cells[col.id]}
                            language={i18n.language}
                            readOnly={readOnly}
                            onToggle={() => write(row.id, col.id, row.cells[col.id] === true ? undefined : true)}
                          />
                        )}
                        {peers.get(key) && <PeerTag peers={peers.get(key)!} />}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {!readOnly && (
            <button
              type="button"
              className="btn btn-ghost m-1 text-sm"
              style={{ padding: "0.35rem 0.75rem", fontWeight: 500 }}
              onClick={() => insertRow()}
              data-testid="table-add-row-bottom"
            >
              <PlusIcon />
              {t("table.addRow")}
            </button>
          )}
        </div>
      )}
      {!empty && <p className="muted text-xs">{readOnly ? t("table.keysReadOnly") : t("table.keys")}</p>}
    </section>
  );
}

function peerShadow(peers: Peer[] | undefined): string | undefined {
  const first = peers?.[0];
  return first ? `inset 0 0 0 2px ${first.color}` : undefined;
}

function PeerTag({ peers }: { peers: Peer[] }) {
  const first = peers[0]!;
  return (
    <span
      className="pointer-events-none absolute -top-2 right-1 z-10 max-w-28 truncate rounded px-1 text-[10px] font-semibold leading-4"
      style={{ background: first.color, color: "#fff" }}
      data-testid="table-peer"
    >
      {peers.map((p) => p.name).join(", ")}
    </span>
  );
}

function CellView({ column, value, language, readOnly, onToggle }: { column: TableColumn; value: CellValue | undefined; language: string; readOnly: boolean; onToggle: () => void }) {
  const { t } = useTranslation("docs-kinds");
  if (column.type === "checkbox" && fitsType("checkbox", value)) {
    return (
      <span className="flex justify-center" data-testid="table-cell-value">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={value === true}
          disabled={readOnly}
          aria-label={column.name}
          onChange={onToggle}
          className="h-4 w-4"
        />
      </span>
    );
  }
  const text = formatCell(column.type, value, language);
  const misfit = !fitsType(column.type, value);
  return (
    <span
      className={`block truncate ${column.type === "number" && !misfit ? "text-right tabular-nums" : ""}`}
      title={misfit ? t("table.misfit", { type: t(`table.types.${column.type}`) }) : text.length > 30 ? text : undefined}
      style={misfit ? { textDecoration: "underline dotted var(--danger)", textUnderlineOffset: 3 } : undefined}
      data-misfit={misfit || undefined}
      data-testid="table-cell-value"
    >
      {text}
    </span>
  );
}

function CellEditor({ column, editing, errorId, onDraft, onCommit, onCancel }: {
  column: TableColumn;
  editing: Editing;
  errorId: string;
  onDraft: (draft: string) => void;
  onCommit: (draft: string, then?: "down" | "next" | "previous") => boolean;
  onCancel: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Set once a key ended the edit, so the blur that follows does not commit a second time.
  const done = useRef(false);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    if (el.type === "text") el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  // A date input reports an incomplete date as "" with `badInput`: that is an error, not a clear.
  const draftOf = (el: HTMLInputElement) => (el.type === "date" && el.validity.badInput ? "?" : el.value);
  return (
    <>
      <input
        ref={input}
        type={column.type === "date" ? "date" : "text"}
        inputMode={column.type === "number" ? "decimal" : undefined}
        value={editing.draft}
        aria-label={column.name}
        aria-invalid={editing.error ? true : undefined}
        aria-describedby={editing.error ? errorId : undefined}
        aria-errormessage={editing.error ? errorId : undefined}
        className={`absolute inset-0 h-full w-full px-2 text-sm outline-none ${column.type === "number" ? "text-right" : ""}`}
        style={{ background: "var(--surface)", color: "var(--text)", boxShadow: `inset 0 0 0 2px ${editing.error ? "var(--danger)" : "var(--primary)"}` }}
        data-testid="table-cell-input"
        onChange={(e) => onDraft(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === "Enter") {
            e.preventDefault();
            done.current = onCommit(draftOf(e.currentTarget), "down");
          } else if (e.key === "Tab") {
            e.preventDefault();
            done.current = onCommit(draftOf(e.currentTarget), e.shiftKey ? "previous" : "next");
          } else if (e.key === "Escape") {
            e.preventDefault();
            done.current = true;
            onCancel();
          }
        }}
        onBlur={(e) => {
          if (!done.current) onCommit(draftOf(e.currentTarget));
        }}
      />
    </>
  );
}

const TYPE_ICONS: Record<ColumnType, React.ReactNode> = {
  text: <path d="M5 6h14M12 6v13M9 19h6" />,
  number: <path d="M9 4L7 20M17 4l-2 16M4 9h16M3 15h16" />,
  date: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M8 3v4M16 3v4M3 10h18" />
    </>
  ),
  checkbox: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <path d="M8 12.5l3 3 5-6" />
    </>
  ),
};

function TypeIcon({ type }: { type: ColumnType }) {
  return (
    <svg aria-hidden="true" width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="shrink-0">
      {TYPE_ICONS[type]}
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg aria-hidden="true" width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

function DotsIcon() {
  return (
    <svg aria-hidden="true" width={16} height={16} viewBox="0 0 24 24" fill="currentColor">
      <circle cx="5" cy="12" r="1.6" />
      <circle cx="12" cy="12" r="1.6" />
      <circle cx="19" cy="12" r="1.6" />
    </svg>
  );
}

type Report = <T>(outcome: Outcome<T>) => outcome is { ok: true } & T;

function ColumnHeader({ ydoc, column, index, readOnly, report }: { ydoc: Y.Doc; column: TableColumn; index: number; readOnly: boolean; report: Report }) {
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
          <TypeIcon type={column.type} />
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
            <DotsIcon />
          </button>
        )}
        <Popover open={open} onClose={close} anchor={trigger} label={t("table.columnMenu", { name: column.name })} align="end" testId="table-column-panel">
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
        </Popover>
      </div>
    </th>
  );
}

function RowHeader({ ydoc, row, index, readOnly, report, onInsert }: { ydoc: Y.Doc; row: TableRow; index: number; readOnly: boolean; report: Report; onInsert: (at: number) => void }) {
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
        <Popover open={open} onClose={close} anchor={trigger} label={t("table.rowMenu", { n: index + 1 })} testId="table-row-panel">
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
        </Popover>
      </div>
    </th>
  );
}

function AddColumn({ ydoc, report }: { ydoc: Y.Doc; report: Report }) {
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
        <PlusIcon />
        {t("table.addColumn")}
      </button>
      <Popover open={open} onClose={close} anchor={trigger} label={t("table.addColumn")} align="end" testId="table-add-column-panel">
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
      </Popover>
    </span>
  );
}
