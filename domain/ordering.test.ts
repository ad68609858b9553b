import { describe, expect, it } from "vitest";
import { inParts, moveItem, moveWithinGroup, renumber } from "./ordering";

const list = (...sorts: number[]) => sorts.map((sort, i) => ({ guid: `g${i}`, sort }));

describe("moveItem", () => {
  it("moves an item down and up", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
  });
  it("leaves the list alone for an index out of range", () => {
    expect(moveItem(["a", "b"], 0, 5)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], -1, 0)).toEqual(["a", "b"]);
  });
});

describe("renumber", () => {
  it("numbers from 0 and reports only the items whose number changed", () => {
    const moved = moveItem(list(0, 1, 2, 3), 3, 0);
    const { items, changed } = renumber(moved);
    expect(items.map((i) => i.sort)).toEqual([0, 1, 2, 3]);
    expect(changed).toEqual([
      { guid: "g3", sort: 0 },
      { guid: "g0", sort: 1 },
      { guid: "g1", sort: 2 },
      { guid: "g2", sort: 3 },
    ]);
  });
  it("writes nothing when the order is already numbered", () => {
    expect(renumber(list(0, 1, 2)).changed).toEqual([]);
  });
  it("repairs gaps and negative numbers left by older writes", () => {
    expect(renumber(list(-1, 5, 9)).changed).toEqual([
      { guid: "g0", sort: 0 },
      { guid: "g1", sort: 1 },
      { guid: "g2", sort: 2 },
    ]);
  });
});

describe("moveWithinGroup", () => {
  const upper = (s: string) => s === s.toUpperCase();
  it("reorders the group's members and leaves the others in their places", () => {
    expect(moveWithinGroup(["A", "b", "B", "c", "C"], upper, 2, 0)).toEqual(["C", "b", "A", "c", "B"]);
    expect(moveWithinGroup(["A", "b", "B", "c", "C"], upper, 0, 1)).toEqual(["B", "b", "A", "c", "C"]);
  });
  it("leaves the list alone for a position outside the group", () => {
    expect(moveWithinGroup(["A", "b", "B"], upper, 0, 2)).toEqual(["A", "b", "B"]);
  });
});

describe("inParts", () => {
  it("splits a list into parts of at most the given size, keeping the order", () => {
    expect(inParts([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inParts([], 3)).toEqual([]);
    expect(inParts([1, 2], 5)).toEqual([[1, 2]]);
  });
});
