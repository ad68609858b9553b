import { describe, expect, it } from "vitest";
import { type FactTask, type FactsInput, retroFacts, sprintMoves, sprintStart } from "./retro-facts";

const S = "sprint-1";
const NEXT = "sprint-2";
const START = 1_000;
const END = 9_000;

function task(number: number, estimate: number | null, done = false): FactTask {
  return { guid: `t${number}`, number, title: `Task ${number}`, estimate, done };
}

function input(over: Partial<FactsInput> & { list: FactTask[] }): FactsInput {
  const { list, ...rest } = over;
  return { sprint: S, start: START, completedAt: END, current: [], tasks: new Map(list.map((t) => [t.guid, t])), moves: [], poker: [], ...rest };
}

describe("sprint moves from the activity log", () => {
  it("reads a task created in the sprint and a write moving it out, oldest first", () => {
    const moves = sprintMoves(
      [
        { entity: "t1", action: "updated", detail: { changes: [{ slug: "sprint", from: S, to: NEXT }] }, at: 20 },
        { entity: "t1", action: "created", detail: { values: [{ slug: "title", value: "x" }, { slug: "sprint", value: S }] }, at: 10 },
      ],
      S,
    );
    expect(moves).toEqual([
      { task: "t1", from: null, to: S, at: 10 },
      { task: "t1", from: S, to: NEXT, at: 20 },
    ]);
  });

  it("ignores other fields, other sprints and damaged details", () => {
    const moves = sprintMoves(
      [
        { entity: "t1", action: "updated", detail: { changes: [{ slug: "status", from: "a", to: "b" }] }, at: 1 },
        { entity: "t2", action: "updated", detail: { changes: [{ slug: "sprint", from: "other", to: NEXT }] }, at: 2 },
        { entity: "t3", action: "updated", detail: "not json", at: 3 },
        { entity: "t4", action: "created", detail: { values: [{ slug: "sprint", value: NEXT }] }, at: 4 },
      ],
      S,
    );
    expect(moves).toEqual([]);
  });
});

describe("when a sprint started", () => {
  it("is the first time its status was set to active", () => {
    const log = [
      { entity: S, action: "updated", detail: { changes: [{ field: "status", from: "planned", to: "active" }] }, at: 500 },
      { entity: S, action: "updated", detail: { changes: [{ field: "status", from: "planned", to: "active" }] }, at: 300 },
    ];
    expect(sprintStart(log, "2026-01-05")).toBe(300);
  });

  it("falls back to the start of its start date, and is unknown without either", () => {
    expect(sprintStart([], "2026-01-05")).toBe(Date.UTC(2026, 0, 5));
    expect(sprintStart([], null)).toBeNull();
  });
});

describe("a bound retro's facts", () => {
  it("counts as carried over the unfinished tasks moved on when the sprint completed", () => {
    const list = [task(1, 3, true), task(2, 5), task(3, 2)];
    const facts = retroFacts(
      input({
        list,
        current: ["t1"],
        moves: [
          { task: "t2", from: S, to: NEXT, at: END },
          // Moved out by hand before the end: not carried over, just no longer the sprint's work.
          { task: "t3", from: S, to: NEXT, at: END - 100 },
        ],
      }),
    );
    expect(facts.carriedOver.map((t) => t.number)).toEqual([2]);
  });

  it("counts the unfinished tasks of a sprint not completed yet as what would carry over", () => {
    const facts = retroFacts(input({ list: [task(1, 3, true), task(2, 5)], current: ["t1", "t2"], completedAt: null }));
    expect(facts.carriedOver.map((t) => t.number)).toEqual([2]);
  });

  it("counts as added the tasks whose last entry into the sprint came after its start", () => {
    const facts = retroFacts(
      input({
        list: [task(1, 3, true), task(2, 5, true), task(3, 1)],
        current: ["t1", "t2", "t3"],
        moves: [
          { task: "t1", from: null, to: S, at: START - 10 },
          { task: "t2", from: null, to: S, at: START + 10 },
          // Left and came back after the start: added.
          { task: "t3", from: null, to: S, at: START - 50 },
          { task: "t3", from: S, to: NEXT, at: START + 1 },
          { task: "t3", from: NEXT, to: S, at: START + 2 },
        ],
      }),
    );
    expect(facts.added.map((t) => t.number)).toEqual([2, 3]);
  });

  it("compares the estimate done with the estimate committed at the start and the estimate added", () => {
    const facts = retroFacts(
      input({
        list: [task(1, 3, true), task(2, 5, true), task(3, 8), task(4, null)],
        current: ["t1", "t2", "t4"],
        moves: [
          { task: "t2", from: null, to: S, at: START + 10 },
          { task: "t3", from: S, to: NEXT, at: END },
        ],
      }),
    );
    expect(facts.estimate).toEqual({ committed: 11, added: 5, done: 8, unestimated: 1 });
  });

  it("adds nothing after the start of a sprint that never started", () => {
    const facts = retroFacts(input({ list: [task(1, 3)], current: ["t1"], start: null, moves: [{ task: "t1", from: null, to: S, at: 5 }] }));
    expect(facts.added).toEqual([]);
    expect(facts.estimate.committed).toBe(3);
  });

  it("lists the tasks whose estimate changed after the poker room's last accepted value", () => {
    const facts = retroFacts(
      input({
        list: [task(1, 5, true), task(2, 8, true), task(3, null), task(4, 2)],
        current: ["t1", "t2", "t3", "t4"],
        poker: [
          { task: "t1", value: 5, at: 10 },
          // Re-estimated in a later round to 8, the task still holds 8: unchanged.
          { task: "t2", value: 3, at: 10 },
          { task: "t2", value: 8, at: 20 },
          { task: "t3", value: 13, at: 10 },
          { task: "t4", value: 1, at: 10 },
        ],
      }),
    );
    expect(facts.accuracy.estimated).toBe(4);
    expect(facts.accuracy.changed.map((c) => [c.task.number, c.poker, c.now])).toEqual([
      [3, 13, null],
      [4, 1, 2],
    ]);
  });

  it("leaves out tasks deleted since", () => {
    const facts = retroFacts(input({ list: [], current: ["gone"], moves: [{ task: "gone2", from: S, to: NEXT, at: END }] }));
    expect(facts.carriedOver).toEqual([]);
    expect(facts.estimate).toEqual({ committed: 0, added: 0, done: 0, unestimated: 0 });
  });
});
