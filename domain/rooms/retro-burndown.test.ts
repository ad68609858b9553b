import { describe, expect, it } from "vitest";
import type { BurndownTask, ValueChange } from "../stats/burndown";
import { type BurndownFactInput, burndownFact } from "./retro-burndown";

const S = "sprint-1";
const TODO = "todo";
const DONE = "done";
/** A moment on a day of the sprint (1 = first day, 2026-03-02), at `hour` UTC. */
const on = (day: number, hour = 12) => Date.UTC(2026, 2, 1 + day, hour);

const task = (guid: string, estimate: number, values: Partial<BurndownTask["values"]> = {}): BurndownTask => ({ guid, createdAt: on(-10), values: { status: TODO, estimate, sprint: S, ...values } });
const change = (t: string, day: number, field: ValueChange["field"], from: unknown, to: unknown): ValueChange => ({ task: t, at: on(day), field, from, to });

/** A three-day sprint (2026-03-02 … 03-04), seen well after it. */
function fact(tasks: BurndownTask[], changes: ValueChange[] = [], more: Partial<BurndownFactInput> = {}) {
  return burndownFact({ sprint: S, start: "2026-03-02", end: "2026-03-04", now: on(20), completedAt: null, done: new Set([DONE]), tasks, changes, ...more });
}

describe("the burndown card of a retro", () => {
  it("ends at zero for a sprint that finished its scope", () => {
    const result = fact([task("a", 5, { status: DONE }), task("b", 3, { status: DONE })], [change("a", 2, "status", TODO, DONE), change("b", 3, "status", TODO, DONE)]);
    expect(result).toEqual({ start: 8, end: 0, ideal_end: 0, series: [8, 3, 0], days: 3 });
  });

  it("raises the line when scope is added mid-sprint", () => {
    const result = fact([task("a", 5), task("b", 2)], [change("b", 2, "sprint", null, S)]);
    expect(result).toEqual({ start: 5, end: 7, ideal_end: 0, series: [5, 7, 7], days: 3 });
  });

  it("has no card without the sprint's dates", () => {
    expect(fact([task("a", 5)], [], { start: null })).toBeNull();
    expect(fact([task("a", 5)], [], { end: null })).toBeNull();
  });

  it("stops just before completion, so the work carried over counts at the end", () => {
    const completedAt = on(2, 15);
    const result = fact([task("a", 5, { sprint: "next" }), task("b", 3, { status: DONE })], [change("b", 1, "status", TODO, DONE), { task: "a", at: completedAt, field: "sprint", from: S, to: "next" }], { completedAt });
    expect(result).toEqual({ start: 5, end: 5, ideal_end: 0, series: [5, 5], days: 3 });
  });

  it("keeps the sprint's planned length as its axis when it was completed early", () => {
    const long = fact([task("a", 5)], [], { end: "2026-03-11", completedAt: on(3, 9) });
    expect(long).toMatchObject({ series: [5, 5, 5], days: 10 });
  });
});
