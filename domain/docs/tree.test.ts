import { describe, expect, it } from "vitest";
import { DOC_MAX_DEPTH, type TreeNode, applyPlaced, childCounts, childrenOf, depthOf, descendantsOf, flatten, heightOf, planMove, projectDrop } from "./tree";

const n = (guid: string, parent: string | null, sort: number): TreeNode => ({ guid, parent, sort });

/**
 *   a            d
 *   ├─ b         └─ e
 *   │  └─ c
 *   └─ f
 */
const tree = [n("a", null, 0), n("b", "a", 0), n("c", "b", 0), n("f", "a", 1), n("d", null, 1), n("e", "d", 0)];

const order = (nodes: TreeNode[], parent: string | null) => (childrenOf(nodes).get(parent) ?? []).map((x) => x.guid);

describe("the tree's shape", () => {
  it("lists children in order and counts them", () => {
    expect(order(tree, null)).toEqual(["a", "d"]);
    expect(order(tree, "a")).toEqual(["b", "f"]);
    expect(Object.fromEntries(childCounts(tree))).toEqual({ a: 2, b: 1, d: 1 });
  });
  it("puts a document whose parent is gone at the root instead of losing it", () => {
    expect(order([...tree, n("x", "gone", 0)], null)).toEqual(["a", "x", "d"]);
  });
  it("finds every descendant, depth and height", () => {
    expect(descendantsOf(tree, "a").sort()).toEqual(["b", "c", "f"]);
    expect(descendantsOf(tree, "c")).toEqual([]);
    expect(depthOf(tree, "c")).toBe(3);
    expect(depthOf(tree, "d")).toBe(1);
    expect(heightOf(tree, "a")).toBe(3);
    expect(heightOf(tree, "f")).toBe(1);
  });
  it("survives a cycle in damaged data", () => {
    const loop = [n("p", "q", 0), n("q", "p", 0), n("r", null, 0)];
    expect(flatten(loop, new Set()).map((r) => `${r.node.guid}${r.depth}`)).toEqual(["p0", "q1", "r0"]);
    expect(depthOf(loop, "q")).toBe(2);
  });
});

describe("planMove", () => {
  it("reorders among siblings, writing only the rows whose place changed", () => {
    const plan = planMove(tree, { guid: "d", parent: null, index: 0 });
    expect(plan).toEqual({ ok: true, changed: [n("d", null, 0), n("a", null, 1)] });
  });
  it("re-parents into the middle of another list and closes the gap it leaves", () => {
    const plan = planMove(tree, { guid: "b", parent: "d", index: 0 });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.changed).toEqual([n("b", "d", 0), n("e", "d", 1), n("f", "a", 0)]);
    const after = applyPlaced(tree, plan.changed);
    expect(order(after, "d")).toEqual(["b", "e"]);
    expect(order(after, "a")).toEqual(["f"]);
    expect(order(after, "b")).toEqual(["c"]);
  });
  it("clamps an index past the end to the end", () => {
    const plan = planMove(tree, { guid: "e", parent: null, index: 99 });
    expect(plan).toEqual({ ok: true, changed: [n("e", null, 2)] });
  });
  it("changes nothing for a move to where the document already is", () => {
    expect(planMove(tree, { guid: "f", parent: "a", index: 1 })).toEqual({ ok: true, changed: [] });
  });
  it("refuses a move under itself or one of its descendants", () => {
    expect(planMove(tree, { guid: "a", parent: "a", index: 0 })).toEqual({ ok: false, reason: "doc_move_into_itself" });
    expect(planMove(tree, { guid: "a", parent: "c", index: 0 })).toEqual({ ok: false, reason: "doc_move_into_itself" });
  });
  it("refuses unknown documents and parents", () => {
    expect(planMove(tree, { guid: "zz", parent: null, index: 0 })).toEqual({ ok: false, reason: "doc_not_found" });
    expect(planMove(tree, { guid: "a", parent: "zz", index: 0 })).toEqual({ ok: false, reason: "doc_parent_not_found" });
  });
  it("refuses a move that would put part of the subtree below the deepest level", () => {
    const chain = Array.from({ length: DOC_MAX_DEPTH }, (_, i) => n(`l${i}`, i === 0 ? null : `l${i - 1}`, 0));
    // `a` spans three levels; under l5 (depth 6) its deepest child would be at 9.
    const nodes = [...tree, ...chain];
    expect(planMove(nodes, { guid: "a", parent: `l${DOC_MAX_DEPTH - 3}`, index: 0 })).toEqual({ ok: false, reason: "doc_too_deep" });
    expect(planMove(nodes, { guid: "a", parent: `l${DOC_MAX_DEPTH - 4}`, index: 0 }).ok).toBe(true);
  });
});

describe("flatten", () => {
  it("lists rows in reading order with depth, and leaves out folded children", () => {
    expect(flatten(tree, new Set()).map((r) => `${r.node.guid}${r.depth}`)).toEqual(["a0", "b1", "c2", "f1", "d0", "e1"]);
    expect(flatten(tree, new Set(["b", "d"])).map((r) => r.node.guid)).toEqual(["a", "b", "f", "d"]);
    expect(flatten(tree, new Set(), "a").map((r) => r.node.guid)).toEqual(["a", "d", "e"]);
  });
});

describe("projectDrop", () => {
  const rows = flatten(tree, new Set()); // a b c f d e
  const at = (guid: string) => rows.findIndex((r) => r.node.guid === guid);

  it("keeps the depth for a straight move and finds the index among the new siblings", () => {
    // e dragged onto f's row with no sideways offset: between c and f, still at depth 1 → child of a.
    expect(projectDrop(rows, at("e"), at("f"), 0, 24)).toEqual({ parent: "a", index: 1, depth: 1 });
  });
  it("nests under the row above when dragged to the right", () => {
    // f moved right by one level: a child of b after c.
    expect(projectDrop(rows, at("f"), at("f"), 24, 24)).toEqual({ parent: "b", index: 1, depth: 2 });
  });
  it("moves out a level when dragged to the left", () => {
    expect(projectDrop(rows, at("f"), at("f"), -24, 24)).toEqual({ parent: null, index: 1, depth: 0 });
  });
  it("cannot go deeper than one below the row above, nor shallower than the row below", () => {
    // While d is dragged its children are not shown: a b c f d.
    const withoutE = flatten(tree, new Set(), "d");
    expect(projectDrop(withoutE, 4, 4, 24 * 5, 24)).toEqual({ parent: "f", index: 0, depth: 2 });
    // b dragged left stays above f, which is at depth 1: b cannot leave a there.
    const withoutC = flatten(tree, new Set(), "b");
    expect(projectDrop(withoutC, 1, 1, -24, 24)).toEqual({ parent: "a", index: 0, depth: 1 });
    // c dragged to the top: nothing above, so the root.
    expect(projectDrop(rows, at("c"), 0, 0, 24)).toEqual({ parent: null, index: 0, depth: 0 });
  });
  it("keeps the dragged subtree within the deepest level, or offers no drop", () => {
    // f may go at most to depth 1 here: it stays a child of a instead of nesting under b.
    expect(projectDrop(rows, at("f"), at("f"), 24, 24, 1)).toEqual({ parent: "a", index: 1, depth: 1 });
    // e dragged between b and c must be at depth 2 (c is below it): not allowed at most 1.
    const withoutE = flatten(tree, new Set(), "e");
    expect(projectDrop(withoutE, withoutE.findIndex((r) => r.node.guid === "e"), 2, 0, 24, 1)).toBeNull();
  });
  it("agrees with planMove on the result", () => {
    const drop = projectDrop(rows, at("e"), at("b"), 24, 24)!;
    const plan = planMove(tree, { guid: "e", parent: drop.parent, index: drop.index });
    expect(plan.ok).toBe(true);
    if (plan.ok) expect(flatten(applyPlaced(tree, plan.changed), new Set()).map((r) => `${r.node.guid}${r.depth}`)).toEqual(["a0", "e1", "b1", "c2", "f1", "d0"]);
  });
});
