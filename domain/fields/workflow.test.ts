import { describe, expect, it } from "vitest";
import { allTransitions, cleanTransitions, transitionAllowed } from "./workflow";

const flow = [
  { from: "todo", to: "doing" },
  { from: "doing", to: "done" },
];

describe("workflow transitions", () => {
  it("allows a listed move and refuses one that is not listed", () => {
    expect(transitionAllowed(flow, "todo", "doing")).toBe(true);
    expect(transitionAllowed(flow, "todo", "done")).toBe(false);
    expect(transitionAllowed(flow, "done", "todo")).toBe(false);
  });
  it("allows staying put and starting from nothing", () => {
    expect(transitionAllowed(flow, "done", "done")).toBe(true);
    expect(transitionAllowed(flow, null, "done")).toBe(true);
  });
  it("refuses clearing a value under a workflow", () => {
    expect(transitionAllowed(flow, "doing", null)).toBe(false);
  });
  it("starts a new workflow with every move between distinct options", () => {
    expect(allTransitions(["a", "b", "c"])).toHaveLength(6);
    expect(allTransitions(["a"])).toEqual([]);
  });
  it("drops moves to unknown options, to the same option and duplicates", () => {
    const known = new Set(["a", "b"]);
    expect(cleanTransitions([{ from: "a", to: "b" }, { from: "a", to: "b" }, { from: "a", to: "a" }, { from: "a", to: "x" }], known)).toEqual([{ from: "a", to: "b" }]);
  });
});
