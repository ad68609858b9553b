import { describe, expect, it, vi } from "vitest";
import { compareFieldValues, conditionComplete, filterTasks, tableFields, valueOf } from "./table";

const sorted = (type: Parameters<typeof compareFieldValues>[0], values: unknown[], ctx: Parameters<typeof compareFieldValues>[3] = {}) =>
  [...values].sort((a, b) => compareFieldValues(type, a, b, ctx));

describe("table columns", () => {
  const field = (guid: string, over: Partial<Parameters<typeof tableFields>[0][number]> = {}) => ({
    guid,
    type_fields: "text",
    hide_to_user: false,
    individual_value: false,
    entities: [{ slug: "issue", permission: true }],
    ...over,
  });
  it("are the fields a task may show, without hidden and personal ones", () => {
    const fields = [
      field("title"),
      field("secret", { hide_to_user: true }),
      field("votes", { individual_value: true, type_fields: "number" }),
      field("deck", { entities: [{ slug: "room", permission: true }] }),
      field("off", { entities: [{ slug: "issue", permission: false }] }),
      field("estimate", { type_fields: "number" }),
    ];
    expect(tableFields(fields).map((f) => f.guid)).toEqual(["title", "estimate"]);
  });
});

describe("sorting a column", () => {
  it("orders options by their place in the field, not by label", () => {
    const optionOrder = new Map([
      ["todo", 0],
      ["doing", 1],
      ["done", 2],
    ]);
    expect(sorted("rotation", ["done", null, "todo", "doing"], { optionOrder })).toEqual(["todo", "doing", "done", null]);
  });
  it("puts an option that was removed after the known ones", () => {
    expect(sorted("select", ["gone", "b"], { optionOrder: new Map([["b", 5]]) })).toEqual(["b", "gone"]);
  });
  it("orders multi-choice values by their first option, then by how many", () => {
    const optionOrder = new Map([
      ["a", 0],
      ["b", 1],
    ]);
    expect(sorted("multi_select", [["b"], ["a", "b"], ["a"], []], { optionOrder })).toEqual([["a"], ["a", "b"], ["b"], []]);
  });
  it("orders dates by time, date-only before a time on the same day", () => {
    expect(sorted("date", ["2026-03-01", "2025-12-31", "2026-03-01T08:00:00Z", "2026-02-28"])).toEqual(["2025-12-31", "2026-02-28", "2026-03-01", "2026-03-01T08:00:00Z"]);
  });
  it("orders numbers by size, not as text", () => {
    expect(sorted("number", [10, 9, -1, 0.5, null, 100])).toEqual([-1, 0.5, 9, 10, 100, null]);
  });
  it("orders text by the language's collation, ignoring case and reading numbers inside text as numbers", () => {
    expect(sorted("text", ["beta", "Alpha", "task 10", "task 9", ""])).toEqual(["Alpha", "beta", "task 9", "task 10", ""]);
    const sv = new Intl.Collator("sv");
    expect(sorted("text", ["ö", "z", "a"], { collator: sv })).toEqual(["a", "z", "ö"]);
  });
  it("orders people by name and sprints by their place on the board", () => {
    const names = new Map([
      ["u1", "Zoe"],
      ["u2", "Adam"],
    ]);
    expect(sorted("participants", [["u1"], ["u2"], null], { names })).toEqual([["u2"], ["u1"], null]);
    const sprintOrder = new Map([
      ["s2", 2],
      ["s1", 1],
    ]);
    expect(sorted("sprint", ["s2", "s1"], { sprintOrder })).toEqual(["s1", "s2"]);
  });
  it("orders checkboxes unticked first, and an epic reference by the epic's number", () => {
    expect(sorted("checkbox", [true, false])).toEqual([false, true]);
    const taskNumbers = new Map([
      ["e1", 12],
      ["e2", 3],
    ]);
    expect(sorted("issue", ["e1", "e2"], { taskNumbers })).toEqual(["e2", "e1"]);
  });
  it("always puts empty values last", () => {
    expect(compareFieldValues("number", null, 1)).toBe(1);
    expect(compareFieldValues("text", "a", undefined)).toBe(-1);
    expect(compareFieldValues("participants", [], [])).toBe(0);
  });
});

describe("filtering rows", () => {
  const row = (guid: string, values: Record<string, unknown>) => ({ guid, custom_fields: Object.entries(values).map(([g, value]) => ({ guid: g, value, participant_value: null })) });
  const rows = [row("a", { status: "todo", est: 3, who: ["ann"] }), row("b", { status: "done", est: 8, who: ["ann", "ben"] }), row("c", { est: 1 })];

  it("keeps every row when there are no conditions", () => {
    expect(filterTasks(rows, [])).toHaveLength(3);
  });
  it("keeps the rows matching every condition, with the saved filters' rule", () => {
    expect(filterTasks(rows, [{ field: "est", op: "gt", value: 2 }]).map((r) => r.guid)).toEqual(["a", "b"]);
    expect(filterTasks(rows, [{ field: "est", op: "gt", value: 2 }, { field: "who", op: "contains", value: "ben" }]).map((r) => r.guid)).toEqual(["b"]);
    expect(filterTasks(rows, [{ field: "status", op: "empty" }]).map((r) => r.guid)).toEqual(["c"]);
    expect(filterTasks(rows, [{ field: "status", op: "is_not", value: "done" }]).map((r) => r.guid)).toEqual(["a", "c"]);
  });
  it("reads only shared values, not someone's personal one", () => {
    const personal = { guid: "p", custom_fields: [{ guid: "votes", value: 5, participant_value: "ann" }] };
    expect(valueOf(personal, "votes")).toBeNull();
    expect(filterTasks([personal], [{ field: "votes", op: "empty" }])).toHaveLength(1);
  });
  it("tells a condition still waiting for its value", () => {
    expect(conditionComplete({ op: "is", value: "" })).toBe(false);
    expect(conditionComplete({ op: "empty" })).toBe(true);
    expect(conditionComplete({ op: "gt", value: 0 })).toBe(true);
  });
});

describe("loading the module", () => {
  it("makes no collator until a comparison of text needs one, then makes it once", async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, "Collator");
    try {
      const fresh = await import("./table");
      expect(made).not.toHaveBeenCalled();
      expect(fresh.compareFieldValues("number", 2, 10)).toBeLessThan(0);
      expect(made).not.toHaveBeenCalled();
      expect(fresh.compareFieldValues("text", "item 2", "Item 10")).toBeLessThan(0);
      expect(fresh.compareFieldValues("text", "b", "A")).toBeGreaterThan(0);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
