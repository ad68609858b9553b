import { describe, expect, it } from "vitest";
import { type RetroInput, type RetroState, newRetroRoom, reduceRetro, viewFor } from "./retro";
import { phaseOf, stacksOf } from "./retro-arrange";

const T0 = 1_700_000_000_000;

/** Applies steps one second apart, failing on any refusal. */
function run(state: RetroState, steps: [string, RetroInput][]): RetroState {
  return steps.reduce((s, [actor, m], i) => {
    const r = reduceRetro(s, m, actor, T0 + i * 1000);
    if ("error" in r) throw new Error(`unexpected error ${r.error}`);
    return r.state;
  }, state);
}

/** ann wrote n1 and n3 in start, bob n2 in start and n4 in stop. */
function board(): RetroState {
  return run(newRetroRoom({ owner: "fac", ownerName: "Fac", preset: "start_stop_continue" }), [
    ["fac", { type: "join", name: "Fac" }],
    ["ann", { type: "join", name: "Ann" }],
    ["bob", { type: "join", name: "Bob" }],
    ["ann", { type: "add_note", column: "start", text: "one" }],
    ["bob", { type: "add_note", column: "start", text: "two" }],
    ["ann", { type: "add_note", column: "start", text: "three" }],
    ["bob", { type: "add_note", column: "stop", text: "four" }],
  ]);
}

const shape = (stacks: ReturnType<typeof stacksOf>) => stacks.map((s) => [s.head.id, s.followers.map((f) => f.id), s.votes]);

describe("retro board layout", () => {
  it("shows a column's notes in the order they were written, each alone until grouped", () => {
    const view = viewFor(board(), "ann");
    expect(shape(stacksOf(view.notes, "start", false))).toEqual([["n1", [], 0], ["n2", [], 0], ["n3", [], 0]]);
    expect(shape(stacksOf(view.notes, "stop", false))).toEqual([["n4", [], 0]]);
    expect(stacksOf(view.notes, "continue", false)).toEqual([]);
  });

  it("puts grouped notes under their head, and a note moved in with its group", () => {
    const s = run(board(), [
      ["ann", { type: "group_notes", note: "n3", into: "n1" }],
      ["bob", { type: "group_notes", note: "n4", into: "n1" }],
    ]);
    expect(shape(stacksOf(viewFor(s, "bob").notes, "start", false))).toEqual([["n1", ["n3", "n4"], 0], ["n2", [], 0]]);
    expect(stacksOf(viewFor(s, "bob").notes, "stop", false)).toEqual([]);
  });

  it("orders stacks by their total votes after voting, ties keeping the written order", () => {
    const s = run(board(), [
      ["ann", { type: "group_notes", note: "n3", into: "n2" }],
      ["fac", { type: "set_voting", on: true }],
      ["ann", { type: "vote", note: "n3" }],
      ["bob", { type: "vote", note: "n2" }],
      ["fac", { type: "vote", note: "n1" }],
      ["fac", { type: "vote", note: "n3" }],
    ]);
    const notes = viewFor(s, "fac").notes;
    expect(shape(stacksOf(notes, "start", true))).toEqual([["n2", ["n3"], 3], ["n1", [], 1]]);
    expect(shape(stacksOf(notes, "start", false))).toEqual([["n1", [], 1], ["n2", ["n3"], 3]]);
  });

  it("orders the notes inside a stack by their own votes when sorting", () => {
    const s = run(board(), [
      ["bob", { type: "group_notes", note: "n2", into: "n1" }],
      ["ann", { type: "group_notes", note: "n3", into: "n1" }],
      ["fac", { type: "set_voting", on: true }],
      ["ann", { type: "vote", note: "n3" }],
      ["bob", { type: "vote", note: "n3" }],
      ["fac", { type: "vote", note: "n2" }],
    ]);
    const [stack] = stacksOf(viewFor(s, "fac").notes, "start", true);
    expect([stack!.head.id, ...stack!.followers.map((f) => [f.id, f.votes])]).toEqual(["n1", ["n3", 2], ["n2", 1]]);
  });

  it("lets a follower stand alone when its head is not in the view", () => {
    const notes = [
      { id: "n2", column: "start", group: "n1", votes: 0, createdAt: 2 },
      { id: "n3", column: "start", group: null, votes: 0, createdAt: 3 },
    ];
    expect(stacksOf(notes, "start", false).map((s) => s.head.id)).toEqual(["n2", "n3"]);
  });

  it("names the phase: writing, then voting, then discussing once votes were cast", () => {
    expect(phaseOf({ votingPhase: false, votesSpent: 0 })).toBe("writing");
    expect(phaseOf({ votingPhase: true, votesSpent: 0 })).toBe("voting");
    expect(phaseOf({ votingPhase: false, votesSpent: 3 })).toBe("discussing");
  });
});
