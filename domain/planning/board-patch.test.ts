import { describe, expect, it } from "vitest";
import { patchBoard } from "./board-patch";

const FIELDS = { sprint: "f-sprint", issueType: "f-type" };
const EPIC = "type-epic";

type T = { guid: string; sort: number; position: number; custom_fields: { guid: string; value: unknown }[] };
const task = (guid: string, sort: number, over: { sprint?: string; type?: string; title?: string } = {}): T => ({
  guid,
  sort,
  position: sort,
  custom_fields: [
    ...(over.title ? [{ guid: "f-title", value: over.title }] : []),
    ...(over.sprint ? [{ guid: FIELDS.sprint, value: over.sprint }] : []),
    ...(over.type ? [{ guid: FIELDS.issueType, value: over.type }] : []),
  ],
});
const lane = (guid: string, issues: T[], status = "planned") => ({ guid, status, issues, count: issues.length });
const board = () => ({
  sprints: [lane("backlog", [task("a", 0), task("b", 1), task("c", 2)]), lane("s1", [task("d", 0, { sprint: "s1" })]), lane("done", [task("z", 0, { sprint: "done" })], "completed")],
  epics: [task("e", 1000, { type: EPIC })],
  epic_type: EPIC,
});
const guids = (b: ReturnType<typeof board> | null) => b && [...b.sprints.map((s) => [s.guid, s.issues.map((t) => t.guid), s.count]), ["epics", b.epics.map((t) => t.guid)]];

describe("another person's change placed on an open board", () => {
  it("puts a changed task back in its lane with its new values, the lane's order kept", () => {
    const next = patchBoard(board(), ["b"], [task("b", 1, { title: "Renamed" })], FIELDS)!;
    expect(guids(next)).toEqual(guids(board()));
    expect(next.sprints[0]!.issues[1]!.custom_fields).toEqual([{ guid: "f-title", value: "Renamed" }]);
  });
  it("leaves the lanes the change does not touch as the same objects", () => {
    const before = board();
    const next = patchBoard(before, ["b"], [task("b", 1, { title: "Renamed" })], FIELDS)!;
    expect(next.sprints[1]).toBe(before.sprints[1]);
    expect(next.epics).toBe(before.epics);
    expect(next.sprints[0]!.issues[0]).toBe(before.sprints[0]!.issues[0]);
  });
  it("moves a task to the sprint its field now names, after the tasks that sort before or with it", () => {
    const next = patchBoard(board(), ["a"], [task("a", 0, { sprint: "s1" })], FIELDS);
    expect(guids(next)).toEqual([["backlog", ["b", "c"], 2], ["s1", ["d", "a"], 2], ["done", ["z"], 1], ["epics", ["e"]]]);
  });
  it("places a new task by its sort among the others", () => {
    const next = patchBoard(board(), ["n"], [task("n", 1.5)], FIELDS);
    expect(guids(next)![0]).toEqual(["backlog", ["a", "b", "n", "c"], 4]);
  });
  it("takes a renumbered lane in its new order", () => {
    const next = patchBoard(board(), ["a", "b", "c"], [task("c", 0), task("a", 1), task("b", 2)], FIELDS);
    expect(guids(next)![0]).toEqual(["backlog", ["c", "a", "b"], 3]);
  });
  it("puts a task whose type becomes the epic type into the epic lane", () => {
    const next = patchBoard(board(), ["c"], [task("c", 2000, { type: EPIC })], FIELDS);
    expect(guids(next)).toEqual([["backlog", ["a", "b"], 2], ["s1", ["d"], 1], ["done", ["z"], 1], ["epics", ["e", "c"]]]);
  });
  it("takes a task that is not in the answer (deleted) off the board", () => {
    const next = patchBoard(board(), ["d"], [], FIELDS);
    expect(guids(next)![1]).toEqual(["s1", [], 0]);
  });
  it("gives up (the whole board is read) when a task was in a completed sprint: the pace may change", () => {
    expect(patchBoard(board(), ["z"], [task("z", 0, { sprint: "done", title: "x" })], FIELDS)).toBeNull();
  });
  it("gives up when a task now names a completed or an archived sprint", () => {
    expect(patchBoard(board(), ["a"], [task("a", 0, { sprint: "done" })], FIELDS)).toBeNull();
    expect(patchBoard(board(), ["a"], [task("a", 0, { sprint: "archived-one" })], FIELDS)).toBeNull();
  });
  it("ignores tasks in the answer that were not asked for", () => {
    expect(guids(patchBoard(board(), ["a"], [task("a", 0), task("x", 0)], FIELDS))).toEqual(guids(board()));
  });
});
