/**
 * Rules of the table document (issue 6): typed columns, cell parsing and validation, keyboard
 * movement over the grid, and the grid operations on the document's Y.Doc. The layout is the
 * one of `layout.ts`: `columns` is a Y.Array of Y.Maps (`id`, `name`, `type`), `rows` a Y.Array
 * of Y.Maps (`id`, then one key per column id holding that cell's value). Every cell is its own
 * map key, so two people editing different cells at once both keep their value; two edits of
 * one cell end with the same value everywhere (Yjs decides, the same on every replica).
 *
 * Values are stored typed: text → string, number → number, date → `YYYY-MM-DD`, checkbox →
 * boolean; an empty cell has no key. A value that does not fit its column (after a type change,
 * or written by an older client) is kept as it is and shown flagged rather than dropped.
 */
import * as Y from "yjs";
import { Y_TABLE_COLUMNS, Y_TABLE_ROWS } from "./layout";

export const COLUMN_TYPES = ["text", "number", "date", "checkbox"] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
export type CellValue = string | number | boolean;

export interface TableColumn {
  id: string;
  name: string;
  type: ColumnType;
}
export interface TableRow {
  id: string;
  cells: Record<string, CellValue | undefined>;
}
export interface TableSnapshot {
  columns: TableColumn[];
  rows: TableRow[];
}

/** Bounds of one table; beyond them an operation is refused (the grid renders every row). */
export const TABLE_LIMITS = { columns: 50, rows: 2000, nameLength: 80, textLength: 5000 } as const;

/** Why an edit of the table was refused (each has a message under `docs-kinds:table.errors`). */
export const TABLE_ERRORS = [
  "not_a_number",
  "not_a_date",
  "not_yes_no",
  "text_too_long",
  "name_empty",
  "name_too_long",
  "too_many_columns",
  "too_many_rows",
  "unknown_column",
  "unknown_row",
] as const;
export type TableError = (typeof TABLE_ERRORS)[number];

export type Outcome<T> = ({ ok: true } & T) | { ok: false; error: TableError };

export function isColumnType(value: unknown): value is ColumnType {
  return typeof value === "string" && (COLUMN_TYPES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Cells

const SPACES = /[\s\u00a0\u202f\u2009]/g;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a number as people type it in any of our languages: `1234.5`, `1 234,5`, `1.234,5`,
 * `1,234.5`. With both separators present the later one is the decimal point; a lone comma is
 * a decimal comma.
 */
export function parseNumber(input: string): number | undefined {
  let s = input.replace(SPACES, "");
  if (!s) return undefined;
  const comma = s.lastIndexOf(",");
  const dot = s.lastIndexOf(".");
  if (comma >= 0 && dot >= 0) {
    s = comma > dot ? s.replace(/\./g, "").replace(",", ".") : s.replace(/,/g, "");
  } else if (comma >= 0) {
    if (s.indexOf(",") !== comma) return undefined;
    s = s.replace(",", ".");
  }
  if (!NUMBER.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** A calendar date as `YYYY-MM-DD`, from ISO or the day-first forms (`31.12.2026`, `31/12/2026`). */
export function parseDate(input: string): string | undefined {
  const s = input.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  let [y, mo, d] = m ? [m[1], m[2], m[3]] : [undefined, undefined, undefined];
  if (!m) {
    m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
    if (m) [d, mo, y] = [m[1], m[2], m[3]];
  }
  if (!y || !mo || !d) return undefined;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const TRUE_WORDS = new Set(["true", "yes", "1", "x", "✓", "да", "sí", "si", "ja"]);
const FALSE_WORDS = new Set(["false", "no", "0", "", "нет", "nein"]);

/**
 * What a typed text means in a column of `type`. An empty input clears the cell
 * (`value: undefined`); a checkbox reads yes/no words of our languages.
 */
export function parseCell(type: ColumnType, input: string): Outcome<{ value: CellValue | undefined }> {
  if (type === "checkbox") {
    const word = input.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return { ok: true, value: true };
    if (FALSE_WORDS.has(word)) return { ok: true, value: undefined };
    return { ok: false, error: "not_yes_no" };
  }
  if (input.trim() === "") return { ok: true, value: undefined };
  if (type === "text") {
    return input.length > TABLE_LIMITS.textLength ? { ok: false, error: "text_too_long" } : { ok: true, value: input };
  }
  if (type === "number") {
    const n = parseNumber(input);
    return n === undefined ? { ok: false, error: "not_a_number" } : { ok: true, value: n };
  }
  const date = parseDate(input);
  return date === undefined ? { ok: false, error: "not_a_date" } : { ok: true, value: date };
}

/** Whether a stored value has the shape its column's type stores. */
export function fitsType(type: ColumnType, value: CellValue | undefined): boolean {
  if (value === undefined) return true;
  switch (type) {
    case "text":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "date":
      return typeof value === "string" && parseDate(value) === value;
    case "checkbox":
      return typeof value === "boolean";
  }
}

/** The text an editor starts from when a stored value is edited. */
export function cellToInput(value: CellValue | undefined): string {
  if (value === undefined) return "";
  return String(value);
}

/**
 * The value a cell takes when its column changes type: converted when its text reads as the
 * new type, otherwise kept unchanged (flagged by `fitsType`) so a type change never loses data.
 */
export function convertCell(type: ColumnType, value: CellValue | undefined): CellValue | undefined {
  if (value === undefined || fitsType(type, value)) return value;
  if (type === "text") return String(value);
  const parsed = parseCell(type, String(value));
  return parsed.ok ? parsed.value : value;
}

/** Text shown in a cell, in the reader's language (dates are calendar days, no time zone). */
export function formatCell(type: ColumnType, value: CellValue | undefined, language: string): string {
  if (value === undefined) return "";
  if (!fitsType(type, value)) return String(value);
  if (type === "number") return new Intl.NumberFormat(language, { maximumFractionDigits: 10 }).format(value as number);
  if (type === "date") {
    const [y, m, d] = (value as string).split("-").map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
  }
  if (type === "checkbox") return value ? "✓" : "";
  return String(value);
}

/** A column name as stored: trimmed, not empty, bounded. */
export function validateColumnName(name: string): Outcome<{ name: string }> {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (!trimmed) return { ok: false, error: "name_empty" };
  if (trimmed.length > TABLE_LIMITS.nameLength) return { ok: false, error: "name_too_long" };
  return { ok: true, name: trimmed };
}

// ---------------------------------------------------------------------------------------------
// Keyboard movement

export interface CellPosition {
  row: number;
  col: number;
}
export type GridMove =
  | "up"
  | "down"
  | "left"
  | "right"
  | "rowStart"
  | "rowEnd"
  | "gridStart"
  | "gridEnd"
  | "pageUp"
  | "pageDown"
  | "next"
  | "previous";

export const PAGE_ROWS = 10;

/** The grid move a key press asks for, or undefined when the key is not a movement. */
export function moveForKey(key: string, mods: { ctrl?: boolean; shift?: boolean } = {}): GridMove | undefined {
  switch (key) {
    case "ArrowUp":
      return "up";
    case "ArrowDown":
      return "down";
    case "ArrowLeft":
      return "left";
    case "ArrowRight":
      return "right";
    case "Home":
      return mods.ctrl ? "gridStart" : "rowStart";
    case "End":
      return mods.ctrl ? "gridEnd" : "rowEnd";
    case "PageUp":
      return "pageUp";
    case "PageDown":
      return "pageDown";
    case "Tab":
      return mods.shift ? "previous" : "next";
    default:
      return undefined;
  }
}

/**
 * Where the active cell goes. Movement stops at the edges, except Tab and Shift+Tab, which
 * wrap to the next or previous row (and stop at the first and last cell).
 */
export function moveCell(from: CellPosition, move: GridMove, size: { rows: number; cols: number }): CellPosition {
  if (size.rows <= 0 || size.cols <= 0) return { row: 0, col: 0 };
  const lastRow = size.rows - 1;
  const lastCol = size.cols - 1;
  const at = clampCell(from, size);
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  switch (move) {
    case "up":
      return { row: clamp(at.row - 1, lastRow), col: at.col };
    case "down":
      return { row: clamp(at.row + 1, lastRow), col: at.col };
    case "left":
      return { row: at.row, col: clamp(at.col - 1, lastCol) };
    case "right":
      return { row: at.row, col: clamp(at.col + 1, lastCol) };
    case "rowStart":
      return { row: at.row, col: 0 };
    case "rowEnd":
      return { row: at.row, col: lastCol };
    case "gridStart":
      return { row: 0, col: 0 };
    case "gridEnd":
      return { row: lastRow, col: lastCol };
    case "pageUp":
      return { row: clamp(at.row - PAGE_ROWS, lastRow), col: at.col };
    case "pageDown":
      return { row: clamp(at.row + PAGE_ROWS, lastRow), col: at.col };
    case "next":
      if (at.col < lastCol) return { row: at.row, col: at.col + 1 };
      return at.row < lastRow ? { row: at.row + 1, col: 0 } : at;
    case "previous":
      if (at.col > 0) return { row: at.row, col: at.col - 1 };
      return at.row > 0 ? { row: at.row - 1, col: lastCol } : at;
  }
}

/** Keeps a position inside the grid after rows or columns went away. */
export function clampCell(at: CellPosition, size: { rows: number; cols: number }): CellPosition {
  return {
    row: Math.min(Math.max(at.row, 0), Math.max(size.rows - 1, 0)),
    col: Math.min(Math.max(at.col, 0), Math.max(size.cols - 1, 0)),
  };
}

// ---------------------------------------------------------------------------------------------
// The grid in the Y.Doc

type YColumn = Y.Map<unknown>;
type YRow = Y.Map<unknown>;

/** The two shared arrays of a table document. */
export function tableArrays(ydoc: Y.Doc) {
  return {
    columns: ydoc.getArray<YColumn>(Y_TABLE_COLUMNS),
    rows: ydoc.getArray<YRow>(Y_TABLE_ROWS),
  };
}

/** A short random id; `crypto.getRandomValues` exists in every runtime, secure context or not. */
export function newId(prefix: "c" | "r"): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) out += b.toString(36).padStart(2, "0");
  return `${prefix}_${out}`;
}

function isCellValue(value: unknown): value is CellValue {
  return typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

/**
 * A plain copy of the grid for rendering. Entries that are not maps or lack an id are skipped,
 * and a column id that appears twice (two people restoring one column) is shown once.
 */
export function readTable(ydoc: Y.Doc): TableSnapshot {
  const { columns, rows } = tableArrays(ydoc);
  const seen = new Set<string>();
  const cols: TableColumn[] = [];
  for (const c of columns.toArray()) {
    if (!(c instanceof Y.Map)) continue;
    const id = c.get("id");
    if (typeof id !== "string" || seen.has(id)) continue;
    seen.add(id);
    const name = c.get("name");
    const type = c.get("type");
    cols.push({ id, name: typeof name === "string" ? name : "", type: isColumnType(type) ? type : "text" });
  }
  const out: TableRow[] = [];
  const seenRows = new Set<string>();
  for (const r of rows.toArray()) {
    if (!(r instanceof Y.Map)) continue;
    const id = r.get("id");
    if (typeof id !== "string" || seenRows.has(id)) continue;
    seenRows.add(id);
    const cells: TableRow["cells"] = {};
    for (const col of cols) {
      const value = r.get(col.id);
      if (isCellValue(value)) cells[col.id] = value;
    }
    out.push({ id, cells });
  }
  return { columns: cols, rows: out };
}

function indexOfId(array: Y.Array<Y.Map<unknown>>, id: string): number {
  let at = -1;
  array.forEach((item, i) => {
    if (at < 0 && item instanceof Y.Map && item.get("id") === id) at = i;
  });
  return at;
}

function liveColumns(ydoc: Y.Doc): number {
  return readTable(ydoc).columns.length;
}

/** Adds a column at `at` (default: the end). */
export function addColumn(
  ydoc: Y.Doc,
  input: { name: string; type: ColumnType },
  at?: number,
  id: string = newId("c"),
): Outcome<{ id: string }> {
  const name = validateColumnName(input.name);
  if (!name.ok) return name;
  if (!isColumnType(input.type)) return { ok: false, error: "unknown_column" };
  if (liveColumns(ydoc) >= TABLE_LIMITS.columns) return { ok: false, error: "too_many_columns" };
  const { columns } = tableArrays(ydoc);
  ydoc.transact(() => {
    const col = new Y.Map<unknown>();
    col.set("id", id);
    col.set("name", name.name);
    col.set("type", input.type);
    const index = at === undefined ? columns.length : Math.min(Math.max(at, 0), columns.length);
    columns.insert(index, [col]);
  });
  return { ok: true, id };
}

/** Renames a column. */
export function renameColumn(ydoc: Y.Doc, columnId: string, name: string): Outcome<object> {
  const checked = validateColumnName(name);
  if (!checked.ok) return checked;
  const { columns } = tableArrays(ydoc);
  const at = indexOfId(columns, columnId);
  if (at < 0) return { ok: false, error: "unknown_column" };
  columns.get(at).set("name", checked.name);
  return { ok: true };
}

/** Changes a column's type and converts its cells where they read as the new type. */
export function setColumnType(ydoc: Y.Doc, columnId: string, type: ColumnType): Outcome<object> {
  if (!isColumnType(type)) return { ok: false, error: "unknown_column" };
  const { columns, rows } = tableArrays(ydoc);
  const at = indexOfId(columns, columnId);
  if (at < 0) return { ok: false, error: "unknown_column" };
  ydoc.transact(() => {
    columns.get(at).set("type", type);
    rows.forEach((row) => {
      if (!(row instanceof Y.Map)) return;
      const value = row.get(columnId);
      if (!isCellValue(value)) return;
      const next = convertCell(type, value);
      if (next === undefined) row.delete(columnId);
      else if (next !== value) row.set(columnId, next);
    });
  });
  return { ok: true };
}

/** Removes a column and its cells. */
export function removeColumn(ydoc: Y.Doc, columnId: string): Outcome<object> {
  const { columns, rows } = tableArrays(ydoc);
  const at = indexOfId(columns, columnId);
  if (at < 0) return { ok: false, error: "unknown_column" };
  ydoc.transact(() => {
    columns.delete(at, 1);
    rows.forEach((row) => {
      if (row instanceof Y.Map && row.has(columnId)) row.delete(columnId);
    });
  });
  return { ok: true };
}

/** Adds an empty row at `at` (default: the end). */
export function addRow(ydoc: Y.Doc, at?: number, id: string = newId("r")): Outcome<{ id: string }> {
  const { rows } = tableArrays(ydoc);
  if (rows.length >= TABLE_LIMITS.rows) return { ok: false, error: "too_many_rows" };
  ydoc.transact(() => {
    const row = new Y.Map<unknown>();
    row.set("id", id);
    const index = at === undefined ? rows.length : Math.min(Math.max(at, 0), rows.length);
    rows.insert(index, [row]);
  });
  return { ok: true, id };
}

/** Removes a row. */
export function removeRow(ydoc: Y.Doc, rowId: string): Outcome<object> {
  const { rows } = tableArrays(ydoc);
  const at = indexOfId(rows, rowId);
  if (at < 0) return { ok: false, error: "unknown_row" };
  rows.delete(at, 1);
  return { ok: true };
}

/**
 * Writes one cell. The value must already fit the column (`parseCell` gives such values);
 * `undefined` clears the cell.
 */
export function setCell(ydoc: Y.Doc, rowId: string, columnId: string, value: CellValue | undefined): Outcome<object> {
  const { columns, rows } = tableArrays(ydoc);
  const colAt = indexOfId(columns, columnId);
  if (colAt < 0) return { ok: false, error: "unknown_column" };
  const type = columns.get(colAt).get("type");
  const rowAt = indexOfId(rows, rowId);
  if (rowAt < 0) return { ok: false, error: "unknown_row" };
  if (isColumnType(type) && !fitsType(type, value)) {
    return { ok: false, error: type === "date" ? "not_a_date" : type === "checkbox" ? "not_yes_no" : type === "number" ? "not_a_number" : "text_too_long" };
  }
  if (typeof value === "string" && value.length > TABLE_LIMITS.textLength) return { ok: false, error: "text_too_long" };
  const row = rows.get(rowAt);
  if (value === undefined) {
    if (row.has(columnId)) row.delete(columnId);
  } else if (row.get(columnId) !== value) {
    row.set(columnId, value);
  }
  return { ok: true };
}
