/** One cell's view and its in-place editor, and the tag naming who else stands on a cell. */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type CellValue, fitsType, formatCell, type TableColumn, type TableError } from "../../../../domain/docs/table";
import type { Peer } from "./use-peers";

export interface Editing {
  rowId: string;
  colId: string;
  draft: string;
  error: TableError | null;
}

export function peerShadow(peers: Peer[] | undefined): string | undefined {
  const first = peers?.[0];
  return first ? `inset 0 0 0 2px ${first.color}` : undefined;
}

export function PeerTag({ peers }: { peers: Peer[] }) {
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

export function CellView({ column, value, language, readOnly, onToggle }: { column: TableColumn; value: CellValue | undefined; language: string; readOnly: boolean; onToggle: () => void }) {
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

export function CellEditor({ column, editing, errorId, onDraft, onCommit, onCancel }: {
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
