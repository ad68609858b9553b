import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  addColumn,
  addRow,
  convertCell,
  fitsType,
  formatCell,
  moveCell,
  moveForKey,
  parseCell,
  parseDate,
  parseNumber,
  readTable,
  removeColumn,
  removeRow,
  renameColumn,
  setCell,
  setColumnType,
  TABLE_LIMITS,
  validateColumnName,
} from "./table";

/** Two replicas that exchange everything they have, as the document's room eventually does. */
function sync(a: Y.Doc, b: Y.Doc) {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

function tableWith(columns: { name: string; type: "text" | "number" | "date" | "checkbox" }[], rows: number) {
  const doc = new Y.Doc();
  const colIds = columns.map((c) => (addColumn(doc, c) as { id: string }).id);
  const rowIds = Array.from({ length: rows }, () => (addRow(doc) as { id: string }).id);
  return { doc, colIds, rowIds };
}

describe("cell parsing", () => {
  it("reads numbers written with a decimal comma, a decimal point and thousands separators", () => {
    expect(parseNumber("12")).toBe(12);
    expect(parseNumber("-3.5")).toBe(-3.5);
    expect(parseNumber("3,5")).toBe(3.5);
    expect(parseNumber("1 234,5")).toBe(1234.5);
    expect(parseNumber("1\u00a0234,5")).toBe(1234.5);
    expect(parseNumber("1.234,5")).toBe(1234.5);
    expect(parseNumber("1,234.5")).toBe(1234.5);
    expect(parseNumber("1e3")).toBe(1000);
  });

  it("refuses text that is not a number", () => {
    for (const bad of ["", "abc", "1,2,3", "12abc", "1e999", "--1", "."]) expect(parseNumber(bad), bad).toBeUndefined();
  });

  it("reads ISO and day-first dates and refuses days that do not exist", () => {
    expect(parseDate("2026-03-09")).toBe("2026-03-09");
    expect(parseDate("2026-3-9")).toBe("2026-03-09");
    expect(parseDate("31.12.2026")).toBe("2026-12-31");
    expect(parseDate("1/2/2026")).toBe("2026-02-01");
    expect(parseDate("2026-02-30")).toBeUndefined();
    expect(parseDate("2025-02-29")).toBeUndefined();
    expect(parseDate("2024-02-29")).toBe("2024-02-29");
    expect(parseDate("tomorrow")).toBeUndefined();
  });

  it("gives each column type its value or a reason", () => {
    expect(parseCell("text", "hello")).toEqual({ ok: true, value: "hello" });
    expect(parseCell("number", "4,25")).toEqual({ ok: true, value: 4.25 });
    expect(parseCell("number", "four")).toEqual({ ok: false, error: "not_a_number" });
    expect(parseCell("date", "2026-13-01")).toEqual({ ok: false, error: "not_a_date" });
    expect(parseCell("date", "01.02.2026")).toEqual({ ok: true, value: "2026-02-01" });
    expect(parseCell("checkbox", "yes")).toEqual({ ok: true, value: true });
    expect(parseCell("checkbox", "да")).toEqual({ ok: true, value: true });
    expect(parseCell("checkbox", "no")).toEqual({ ok: true, value: undefined });
    expect(parseCell("checkbox", "maybe")).toEqual({ ok: false, error: "not_yes_no" });
  });

  it("clears a cell on empty input and refuses text beyond the limit", () => {
    for (const type of ["text", "number", "date"] as const) expect(parseCell(type, "  ")).toEqual({ ok: true, value: undefined });
    expect(parseCell("text", "x".repeat(TABLE_LIMITS.textLength + 1))).toEqual({ ok: false, error: "text_too_long" });
  });

  it("converts values on a type change when they read as the new type and keeps the others", () => {
    expect(convertCell("number", "12,5")).toBe(12.5);
    expect(convertCell("number", "twelve")).toBe("twelve");
    expect(fitsType("number", "twelve")).toBe(false);
    expect(convertCell("text", 12.5)).toBe("12.5");
    expect(convertCell("date", "31.12.2026")).toBe("2026-12-31");
    expect(convertCell("checkbox", "yes")).toBe(true);
    expect(convertCell("checkbox", "no")).toBeUndefined();
  });

  it("formats numbers and dates in the reader's language", () => {
    expect(formatCell("number", 1234.5, "en")).toBe("1,234.5");
    expect(formatCell("number", 1234.5, "de")).toBe("1.234,5");
    expect(formatCell("date", "2026-03-09", "en")).toBe("Mar 9, 2026");
    expect(formatCell("number", "n/a", "en")).toBe("n/a");
    expect(formatCell("text", undefined, "en")).toBe("");
  });

  it("trims column names and refuses empty or long ones", () => {
    expect(validateColumnName("  Due   date ")).toEqual({ ok: true, name: "Due date" });
    expect(validateColumnName("   ")).toEqual({ ok: false, error: "name_empty" });
    expect(validateColumnName("x".repeat(TABLE_LIMITS.nameLength + 1))).toEqual({ ok: false, error: "name_too_long" });
  });
});

describe("keyboard movement", () => {
  const size = { rows: 3, cols: 4 };

  it("maps keys to moves", () => {
    expect(moveForKey("ArrowDown")).toBe("down");
    expect(moveForKey("Home", { ctrl: true })).toBe("gridStart");
    expect(moveForKey("Tab", { shift: true })).toBe("previous");
    expect(moveForKey("a")).toBeUndefined();
  });

  it("stops at the edges of the grid", () => {
    expect(moveCell({ row: 0, col: 0 }, "up", size)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, "left", size)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 2, col: 3 }, "down", size)).toEqual({ row: 2, col: 3 });
    expect(moveCell({ row: 2, col: 3 }, "right", size)).toEqual({ row: 2, col: 3 });
    expect(moveCell({ row: 1, col: 1 }, "pageDown", size)).toEqual({ row: 2, col: 1 });
  });

  it("wraps Tab to the next row and Shift+Tab to the previous one", () => {
    expect(moveCell({ row: 0, col: 3 }, "next", size)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 1, col: 0 }, "previous", size)).toEqual({ row: 0, col: 3 });
    expect(moveCell({ row: 2, col: 3 }, "next", size)).toEqual({ row: 2, col: 3 });
  });

  it("jumps to the row ends and grid corners", () => {
    expect(moveCell({ row: 1, col: 2 }, "rowStart", size)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 1, col: 2 }, "rowEnd", size)).toEqual({ row: 1, col: 3 });
    expect(moveCell({ row: 1, col: 2 }, "gridEnd", size)).toEqual({ row: 2, col: 3 });
  });

  it("pulls a position left outside back into a smaller grid", () => {
    expect(moveCell({ row: 9, col: 9 }, "up", size)).toEqual({ row: 1, col: 3 });
    expect(moveCell({ row: 0, col: 0 }, "down", { rows: 0, cols: 0 })).toEqual({ row: 0, col: 0 });
  });
});

describe("grid operations", () => {
  it("adds, renames, retypes and removes columns and rows", () => {
    const { doc, colIds, rowIds } = tableWith([{ name: "Name", type: "text" }, { name: "Cost", type: "text" }], 2);
    expect(setCell(doc, rowIds[0]!, colIds[1]!, "12,5").ok).toBe(true);
    expect(setCell(doc, rowIds[1]!, colIds[1]!, "soon").ok).toBe(true);
    expect(renameColumn(doc, colIds[1]!, " Price ").ok).toBe(true);
    expect(setColumnType(doc, colIds[1]!, "number").ok).toBe(true);
    let table = readTable(doc);
    expect(table.columns.map((c) => [c.name, c.type])).toEqual([["Name", "text"], ["Price", "number"]]);
    expect(table.rows.map((r) => r.cells[colIds[1]!])).toEqual([12.5, "soon"]);

    const inserted = addColumn(doc, { name: "Done", type: "checkbox" }, 0);
    expect(inserted.ok).toBe(true);
    expect(readTable(doc).columns[0]!.name).toBe("Done");
    expect(removeColumn(doc, colIds[1]!).ok).toBe(true);
    expect(removeRow(doc, rowIds[0]!).ok).toBe(true);
    table = readTable(doc);
    expect(table.columns.map((c) => c.name)).toEqual(["Done", "Name"]);
    expect(table.rows).toEqual([{ id: rowIds[1], cells: {} }]);
  });

  it("refuses values that do not fit the column, unknown ids and names", () => {
    const { doc, colIds, rowIds } = tableWith([{ name: "Count", type: "number" }], 1);
    expect(setCell(doc, rowIds[0]!, colIds[0]!, "seven")).toEqual({ ok: false, error: "not_a_number" });
    expect(setCell(doc, "r_missing", colIds[0]!, 1)).toEqual({ ok: false, error: "unknown_row" });
    expect(setCell(doc, rowIds[0]!, "c_missing", 1)).toEqual({ ok: false, error: "unknown_column" });
    expect(renameColumn(doc, colIds[0]!, " ")).toEqual({ ok: false, error: "name_empty" });
    expect(removeRow(doc, "r_missing")).toEqual({ ok: false, error: "unknown_row" });
    expect(readTable(doc).rows[0]!.cells).toEqual({});
  });

  it("clears a cell with undefined", () => {
    const { doc, colIds, rowIds } = tableWith([{ name: "Note", type: "text" }], 1);
    setCell(doc, rowIds[0]!, colIds[0]!, "hi");
    setCell(doc, rowIds[0]!, colIds[0]!, undefined);
    expect(readTable(doc).rows[0]!.cells).toEqual({});
  });

  it("refuses a column or a row beyond the limits", () => {
    const doc = new Y.Doc();
    for (let i = 0; i < TABLE_LIMITS.columns; i++) addColumn(doc, { name: `C${i}`, type: "text" });
    expect(addColumn(doc, { name: "One more", type: "text" })).toEqual({ ok: false, error: "too_many_columns" });
    for (let i = 0; i < TABLE_LIMITS.rows; i++) addRow(doc);
    expect(addRow(doc)).toEqual({ ok: false, error: "too_many_rows" });
  });

  it("skips entries that are not rows or columns", () => {
    const doc = new Y.Doc();
    doc.getArray("columns").push(["junk" as never]);
    doc.getArray("rows").push([new Y.Map() as never]);
    addColumn(doc, { name: "A", type: "text" });
    const table = readTable(doc);
    expect(table.columns.map((c) => c.name)).toEqual(["A"]);
    expect(table.rows).toEqual([]);
  });
});

describe("two people editing one table", () => {
  it("keeps both values when two people edit different cells at the same time", () => {
    const a = new Y.Doc();
    const cols = [addColumn(a, { name: "Name", type: "text" }), addColumn(a, { name: "Qty", type: "number" })].map((r) => (r as { id: string }).id);
    const row = (addRow(a) as { id: string }).id;
    const b = new Y.Doc();
    sync(a, b);

    setCell(a, row, cols[0]!, "Apples");
    setCell(b, row, cols[1]!, 7);
    sync(a, b);

    for (const doc of [a, b]) expect(readTable(doc).rows[0]!.cells).toEqual({ [cols[0]!]: "Apples", [cols[1]!]: 7 });
  });

  it("keeps rows and columns that two people add at the same time", () => {
    const a = new Y.Doc();
    addColumn(a, { name: "Name", type: "text" });
    const b = new Y.Doc();
    sync(a, b);
    addRow(a);
    addRow(b);
    addColumn(a, { name: "From A", type: "text" });
    addColumn(b, { name: "From B", type: "date" });
    sync(a, b);
    expect(readTable(a)).toEqual(readTable(b));
    expect(readTable(a).rows).toHaveLength(2);
    expect(readTable(a).columns.map((c) => c.name).sort()).toEqual(["From A", "From B", "Name"]);
  });

  it("ends with one value everywhere when two people edit the same cell", () => {
    const a = new Y.Doc();
    const col = (addColumn(a, { name: "Name", type: "text" }) as { id: string }).id;
    const row = (addRow(a) as { id: string }).id;
    const b = new Y.Doc();
    sync(a, b);
    setCell(a, row, col, "from A");
    setCell(b, row, col, "from B");
    sync(a, b);
    const value = readTable(a).rows[0]!.cells[col];
    expect(["from A", "from B"]).toContain(value);
    expect(readTable(b).rows[0]!.cells[col]).toBe(value);
  });

  it("drops an edit into a column that someone removed meanwhile, on both sides", () => {
    const a = new Y.Doc();
    const keep = (addColumn(a, { name: "Keep", type: "text" }) as { id: string }).id;
    const gone = (addColumn(a, { name: "Gone", type: "text" }) as { id: string }).id;
    const row = (addRow(a) as { id: string }).id;
    const b = new Y.Doc();
    sync(a, b);
    removeColumn(a, gone);
    setCell(b, row, gone, "late");
    setCell(b, row, keep, "kept");
    sync(a, b);
    for (const doc of [a, b]) {
      expect(readTable(doc).columns.map((c) => c.id)).toEqual([keep]);
      expect(readTable(doc).rows[0]!.cells).toEqual({ [keep]: "kept" });
    }
  });

  it("loses an edit of a row that someone removed meanwhile, the same on both sides", () => {
    const a = new Y.Doc();
    const col = (addColumn(a, { name: "Name", type: "text" }) as { id: string }).id;
    const row = (addRow(a) as { id: string }).id;
    const b = new Y.Doc();
    sync(a, b);
    removeRow(a, row);
    setCell(b, row, col, "late");
    sync(a, b);
    expect(readTable(a).rows).toEqual([]);
    expect(readTable(b).rows).toEqual([]);
  });
});
