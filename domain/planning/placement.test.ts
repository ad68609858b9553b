import { describe, expect, it } from "vitest";
import { EPIC_SORT_STEP, appendArchived, columnOf, insertAtTop, laneOf, moveTask, numberLane, placeInColumns, placeTasks, type PlacedTask } from "./placement";

const EPIC = "type-epic";
const TASK = "type-task";
const task = (guid: string, over: Partial<PlacedTask> = {}): PlacedTask => ({ guid, sort: 0, position: 0, issueType: TASK, sprint: null, ...over });

describe("task placement on the planning board", () => {
  const sprints = ["backlog", "s1", "s2"];

  it("puts a task whose issue type is the epic type into the epic lane", () => {
    expect(laneOf(task("a", { issueType: EPIC, sprint: "s1" }), EPIC, sprints)).toBe("epic");
  });
  it("puts a task into the sprint named by its sprint field", () => {
    expect(laneOf(task("a", { sprint: "s2" }), EPIC, sprints)).toBe("s2");
  });
  it("moves a task with no sprint into the backlog", () => {
    expect(laneOf(task("a"), EPIC, sprints)).toBe("backlog");
  });
  it("moves a task whose sprint is not on the board into the backlog", () => {
    expect(laneOf(task("a", { sprint: "gone" }), EPIC, sprints)).toBe("backlog");
  });
  it("treats every task as a non-epic when the project has no epic type", () => {
    expect(laneOf(task("a", { issueType: EPIC }), null, sprints)).toBe("backlog");
  });
  it("builds every lane in the tasks' stored order", () => {
    const board = placeTasks(
      [task("c", { sprint: "s1", sort: 2 }), task("a", { sprint: "s1", sort: 0 }), task("e", { issueType: EPIC, sort: 2000 }), task("b"), task("f", { issueType: EPIC, sort: 1000 })],
      sprints,
      EPIC,
    );
    expect(board.sprints.map((s) => [s.guid, s.issues.map((t) => t.guid)])).toEqual([
      ["backlog", ["b"]],
      ["s1", ["a", "c"]],
      ["s2", []],
    ]);
    expect(board.epics.map((t) => t.guid)).toEqual(["f", "e"]);
  });
  it("moves a task to another lane when its sprint or type changes", () => {
    const before = placeTasks([task("a", { sprint: "s1" })], sprints, EPIC);
    const after = placeTasks([task("a", { sprint: "s2" })], sprints, EPIC);
    const asEpic = placeTasks([task("a", { sprint: "s2", issueType: EPIC })], sprints, EPIC);
    expect(before.sprints[1]!.issues).toHaveLength(1);
    expect(after.sprints[2]!.issues).toHaveLength(1);
    expect(asEpic.epics).toHaveLength(1);
  });
});

describe("reordering", () => {
  it("renumbers sort and position from 0", () => {
    expect(numberLane([task("a", { sort: 5 }), task("b", { sort: 9 })]).map((t) => [t.sort, t.position])).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
  it("numbers the epic lane (index + 1) · 1000", () => {
    expect(numberLane([task("a"), task("b"), task("c")], true).map((t) => t.sort)).toEqual([EPIC_SORT_STEP, 2000, 3000]);
  });
  it("reorders within one lane and writes only the tasks whose numbers changed", () => {
    const lanes = new Map([["s1", numberLane([task("a"), task("b"), task("c"), task("d")])]]);
    const { lanes: next, changed } = moveTask(lanes, { from: { lane: "s1", index: 2 }, to: { lane: "s1", index: 1 } });
    expect(next.get("s1")!.map((t) => t.guid)).toEqual(["a", "c", "b", "d"]);
    expect(changed.map((c) => c.guid)).toEqual(["c", "b"]);
  });
  it("moves a task across two lanes, renumbers both and gives it the target sprint", () => {
    const lanes = new Map([
      ["backlog", numberLane([task("a"), task("b")])],
      ["s2", numberLane([task("x", { sprint: "s2" })])],
    ]);
    const { lanes: next, changed } = moveTask(lanes, { from: { lane: "backlog", index: 0 }, to: { lane: "s2", index: 1 } });
    expect(next.get("backlog")!.map((t) => [t.guid, t.sort])).toEqual([["b", 0]]);
    expect(next.get("s2")!.map((t) => [t.guid, t.sort, t.sprint])).toEqual([
      ["x", 0, "s2"],
      ["a", 1, "s2"],
    ]);
    expect(changed).toEqual([
      { guid: "b", sort: 0, position: 0, sprint: null },
      { guid: "a", sort: 1, position: 1, sprint: "s2" },
    ]);
  });
  it("keeps an epic an epic when it is reordered in the epic lane", () => {
    const lanes = new Map([["epic", numberLane([task("e1", { issueType: EPIC }), task("e2", { issueType: EPIC })], true)]]);
    const { lanes: next, changed } = moveTask(lanes, { from: { lane: "epic", index: 1 }, to: { lane: "epic", index: 0 } });
    expect(next.get("epic")!.map((t) => [t.guid, t.sort])).toEqual([
      ["e2", 1000],
      ["e1", 2000],
    ]);
    expect(changed).toHaveLength(2);
  });
  it("ignores a move from an index that does not exist", () => {
    const lanes = new Map([["s1", [task("a")]]]);
    expect(moveTask(lanes, { from: { lane: "s1", index: 3 }, to: { lane: "s1", index: 0 } }).changed).toEqual([]);
    expect(moveTask(lanes, { from: { lane: "nope", index: 0 }, to: { lane: "s1", index: 0 } }).changed).toEqual([]);
  });
});

describe("archived sprints", () => {
  it("are appended to the sprint list without duplicates", () => {
    const list = appendArchived([{ guid: "a" }, { guid: "b" }], [{ guid: "b" }, { guid: "c" }, { guid: "c" }]);
    expect(list.map((s) => s.guid)).toEqual(["a", "b", "c"]);
  });
});

describe("task board columns", () => {
  const columns = ["todo", "doing", "done"];
  it("puts a task into the column named by its value", () => {
    expect(columnOf({ column: "doing" }, columns)).toBe("doing");
  });
  it("puts a task with no value, or an unknown one, into the first column", () => {
    expect(columnOf({ column: null }, columns)).toBe("todo");
    expect(columnOf({ column: "deleted-option" }, columns)).toBe("todo");
  });
  it("orders each column by position", () => {
    const placed = placeInColumns(
      [
        { guid: "b", position: 1, column: "doing" },
        { guid: "a", position: 0, column: "doing" },
        { guid: "c", position: 0, column: null },
      ],
      columns,
    );
    expect([...placed].map(([k, v]) => [k, v.map((t) => t.guid)])).toEqual([
      ["todo", ["c"]],
      ["doing", ["a", "b"]],
      ["done", []],
    ]);
  });
  it("gives a new task position 0 and shifts the others by one", () => {
    const column = [
      { guid: "a", position: 0, column: "todo" },
      { guid: "b", position: 1, column: "todo" },
    ];
    expect(insertAtTop(column, { guid: "n", position: 9, column: "todo" }).map((t) => [t.guid, t.position])).toEqual([
      ["n", 0],
      ["a", 1],
      ["b", 2],
    ]);
  });
});
