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
  addRow,
  type CellPosition,
  type CellValue,
  cellToInput,
  clampCell,
  type ColumnType,
  moveCell,
  moveForKey,
  type Outcome,
  parseCell,
  setCell,
  type TableColumn,
  type TableError,
  type TableRow,
} from "../../../../domain/docs/table";
import { type AwarenessLike, type DocStatus, Notice, StatusLine } from "../kinds/frame";
import { CellEditor, CellView, type Editing, PeerTag, peerShadow } from "./cells";
import { Icon } from "../../../components/ui/icons";
import { AddColumn, ColumnHeader, RowHeader } from "./menus";
import { usePeers } from "./use-peers";
import { useTable } from "./use-table";

/** How long a refused operation's message stays. */
const PROBLEM_MS = 6000;

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

  const peers = usePeers(awareness, activeRow?.id, activeCol?.id);

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
              <Icon name="plus" size={16} />
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
              <Icon name="plus" size={16} />
              {t("table.addRow")}
            </button>
          )}
        </div>
      )}
      {!empty && <p className="muted text-xs">{readOnly ? t("table.keysReadOnly") : t("table.keys")}</p>}
    </section>
  );
}
