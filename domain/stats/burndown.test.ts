import { describe, expect, it } from "vitest";
import { type BurndownInput, type BurndownTask, type ValueChange, burndown, createdDetail, readDetail, updatedDetail, valuesBeforeDeletion } from "./burndown";

const S = "sprint-1";
const OTHER = "sprint-2";
const TODO = "todo";
const DONE = "done";
/** A moment on a day of the sprint (1 = first day, 2026-03-02), at `hour` UTC. */
const on = (day: number, hour = 12) => Date.UTC(2026, 2, 1 + day, hour);
const BEFORE = on(-10);

const task = (guid: string, values: Partial<BurndownTask["values"]> = {}, createdAt = BEFORE): BurndownTask => ({
  guid,
  createdAt,
  values: { status: TODO, estimate: 3, sprint: S, ...values },
});
const change = (taskGuid: string, day: number, field: ValueChange["field"], from: unknown, to: unknown, hour = 12): ValueChange => ({ task: taskGuid, at: on(day, hour), field, from, to });

/** A five-day sprint (2026-03-02 … 03-06), seen at noon of its fourth day unless told otherwise. */
function run(tasks: BurndownTask[], changes: ValueChange[] = [], now = on(4)) {
  const input: BurndownInput = { sprint: S, start: "2026-03-02", end: "2026-03-06", now, done: new Set([DONE]), tasks, changes };
  return burndown(input);
}
const estimates = (days: ReturnType<typeof run>) => days.map((d) => d.remaining_estimate);
const counts = (days: ReturnType<typeof run>) => days.map((d) => d.remaining_tasks);

describe("a sprint's burndown", () => {
  it("has one point per sprint day, first day to last", () => {
    expect(run([task("a")]).map((d) => d.date)).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"]);
  });

  it("keeps the value on days without events", () => {
    const days = run([task("a", { estimate: 5 }), task("b", { estimate: 3 })], [], on(6));
    expect(estimates(days)).toEqual([8, 8, 8, 8, 8]);
    expect(counts(days)).toEqual([2, 2, 2, 2, 2]);
  });

  it("lowers the line on the day a task is done", () => {
    const days = run([task("a", { estimate: 5, status: DONE }), task("b", { estimate: 3 })], [change("a", 3, "status", TODO, DONE)]);
    expect(estimates(days)).toEqual([8, 8, 3, 3, null]);
    expect(counts(days)).toEqual([2, 2, 1, 1, null]);
  });

  it("raises the line on the day a task is added to the sprint as a new task", () => {
    const days = run([task("a", { estimate: 5 }), task("late", { estimate: 2 }, on(2, 9))]);
    expect(estimates(days)).toEqual([5, 7, 7, 7, null]);
  });

  it("raises the line on the day an existing task is moved into the sprint", () => {
    const days = run([task("a", { estimate: 5 }), task("moved", { estimate: 2 })], [change("moved", 4, "sprint", OTHER, S)]);
    expect(estimates(days)).toEqual([5, 5, 5, 7, null]);
  });

  it("lowers the line on the day a task is moved out of the sprint", () => {
    const days = run([task("a", { estimate: 5 }), task("out", { estimate: 2, sprint: OTHER })], [change("out", 2, "sprint", S, OTHER)]);
    expect(estimates(days)).toEqual([7, 5, 5, 5, null]);
    expect(counts(days)).toEqual([2, 1, 1, 1, null]);
  });

  it("follows a changed estimate from the day it changed", () => {
    const days = run([task("a", { estimate: 8 })], [change("a", 2, "estimate", 5, 8), change("a", 4, "estimate", 8, 8)]);
    expect(estimates(days)).toEqual([5, 8, 8, 8, null]);
    expect(counts(days)).toEqual([1, 1, 1, 1, null]);
  });

  it("counts a task without an estimate as a task but no estimate", () => {
    const days = run([task("a", { estimate: null }), task("b", { estimate: 2 })]);
    expect(estimates(days)[0]).toBe(2);
    expect(counts(days)[0]).toBe(2);
  });

  it("leaves future days empty", () => {
    const days = run([task("a")], [], on(2));
    expect(estimates(days)).toEqual([3, 3, null, null, null]);
  });

  it("takes a change made late on a day as that day's, and one just after midnight as the next day's", () => {
    const days = run([task("a", { status: DONE }), task("b", { status: DONE })], [change("a", 1, "status", TODO, DONE, 23), change("b", 3, "status", TODO, DONE, 0)]);
    expect(counts(days)).toEqual([1, 1, 0, 0, null]);
  });

  it("replays several changes of one task in order: reopened work comes back", () => {
    const days = run([task("a", { estimate: 5, status: TODO })], [change("a", 2, "status", TODO, DONE), change("a", 4, "status", DONE, TODO)]);
    expect(estimates(days)).toEqual([5, 0, 0, 5, null]);
  });

  it("ignores tasks of other sprints and changes of tasks it does not know", () => {
    const days = run([task("a", { estimate: 5 }), task("x", { estimate: 100, sprint: OTHER })], [change("ghost", 2, "sprint", S, OTHER)]);
    expect(estimates(days)).toEqual([5, 5, 5, 5, null]);
  });

  it("counts a deleted task until the day it was deleted", () => {
    const gone: BurndownTask = { ...task("gone", { estimate: 4 }), deletedAt: on(3) };
    const days = run([task("a", { estimate: 5 }), gone]);
    expect(estimates(days)).toEqual([9, 9, 5, 5, null]);
  });

  it("draws the ideal line from the first day's scope down to zero on the last day", () => {
    const days = run([task("a", { estimate: 6 }), task("b", { estimate: 2 })]);
    expect(days.map((d) => d.ideal_estimate)).toEqual([8, 6, 4, 2, 0]);
    expect(days.map((d) => d.ideal_tasks)).toEqual([2, 1.5, 1, 0.5, 0]);
  });

  it("draws the ideal line from today's scope before the sprint has begun, with no points yet", () => {
    const days = run([task("a", { estimate: 4 })], [], on(-3));
    expect(estimates(days)).toEqual([null, null, null, null, null]);
    expect(days[0]!.ideal_estimate).toBe(4);
  });

  it("is empty for dates that make no sprint", () => {
    expect(burndown({ sprint: S, start: "2026-03-06", end: "2026-03-02", now: on(5), done: new Set(), tasks: [], changes: [] })).toEqual([]);
  });
});

describe("a deleted task's last values", () => {
  it("are the last logged new values, else what it was created with", () => {
    const values = valuesBeforeDeletion({ status: TODO, estimate: 3, sprint: S }, [change("t", 3, "estimate", 3, 8), change("t", 2, "estimate", 3, 5)]);
    expect(values).toEqual({ status: TODO, estimate: 8, sprint: S });
  });
});

describe("activity details", () => {
  it("are read when they follow the contract and ignored otherwise", () => {
    expect(readDetail(updatedDetail, JSON.stringify({ changes: [{ field: "f", slug: "status", from: null, to: "x" }] }))?.changes).toHaveLength(1);
    expect(readDetail(createdDetail, JSON.stringify({ number: 1, values: [{ field: "f", slug: null, value: 3 }] }))?.values).toHaveLength(1);
    expect(readDetail(updatedDetail, "{nope")).toBeNull();
    expect(readDetail(updatedDetail, JSON.stringify({ changes: "x" }))).toBeNull();
  });
});
