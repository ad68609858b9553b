import { describe, expect, it } from "vitest";
import { moveLane, reorderLanes } from "./lanes";
import { spacesBody } from "./schemas";

const lanes = [
  { guid: "a", sort: 1 },
  { guid: "b", sort: 2 },
  { guid: "c", sort: 3 },
];

describe("reorderLanes", () => {
  it("moves a lane to the front, pushing the others down", () => {
    expect(reorderLanes(lanes, [{ guid: "c", sort: 1 }])).toEqual({
      order: ["c", "a", "b"],
      changed: [
        { guid: "c", sort: 1 },
        { guid: "a", sort: 2 },
        { guid: "b", sort: 3 },
      ],
    });
  });
  it("takes a whole new order", () => {
    expect(reorderLanes(lanes, [{ guid: "a", sort: 3 }, { guid: "b", sort: 1 }, { guid: "c", sort: 2 }]).order).toEqual(["b", "c", "a"]);
  });
  it("changes nothing when the order is the same", () => {
    expect(reorderLanes(lanes, [{ guid: "b", sort: 2 }]).changed).toEqual([]);
  });
  it("writes only the lanes whose number changes", () => {
    expect(reorderLanes(lanes, [{ guid: "c", sort: 2 }]).changed).toEqual([
      { guid: "c", sort: 2 },
      { guid: "b", sort: 3 },
    ]);
  });
  it("closes gaps and ties left by older writes", () => {
    const messy = [
      { guid: "a", sort: 4 },
      { guid: "b", sort: 4 },
      { guid: "c", sort: 9 },
    ];
    expect(reorderLanes(messy, [{ guid: "c", sort: 0 }])).toEqual({
      order: ["c", "a", "b"],
      changed: [
        { guid: "c", sort: 1 },
        { guid: "a", sort: 2 },
        { guid: "b", sort: 3 },
      ],
    });
  });
});

describe("moveLane", () => {
  it("moves a lane up, sending only the lanes whose number changes", () => {
    expect(moveLane(lanes, 2, 1)).toEqual({
      order: ["a", "c", "b"],
      changed: [
        { guid: "c", sort: 2 },
        { guid: "b", sort: 3 },
      ],
    });
  });
  it("moves a lane down to the end", () => {
    expect(moveLane(lanes, 0, 2).order).toEqual(["b", "c", "a"]);
  });
  it("sends nothing when the lane is dropped where it was", () => {
    expect(moveLane(lanes, 1, 1)).toEqual({ order: ["a", "b", "c"], changed: [] });
  });
  it("ignores places outside the lanes", () => {
    expect(moveLane(lanes, 0, 3).changed).toEqual([]);
    expect(moveLane(lanes, -1, 0).changed).toEqual([]);
  });
  it("numbers every lane afresh when older writes left gaps and ties", () => {
    const messy = [
      { guid: "a", sort: 4 },
      { guid: "b", sort: 4 },
      { guid: "c", sort: 9 },
    ];
    const { changed } = moveLane(messy, 2, 1);
    expect(changed).toEqual([
      { guid: "a", sort: 1 },
      { guid: "c", sort: 2 },
      { guid: "b", sort: 3 },
    ]);
    // What the server does with that body gives the same order.
    expect(reorderLanes(messy, changed).order).toEqual(["a", "c", "b"]);
  });
});

describe("spacesBody", () => {
  it.each([
    ["an object", { guid: "a", sort: 1 }],
    ["an empty list", []],
    ["a string sort", [{ guid: "a", sort: "1" }]],
    ["a negative sort", [{ guid: "a", sort: -1 }]],
    ["a fractional sort", [{ guid: "a", sort: 1.5 }]],
    ["a missing guid", [{ sort: 1 }]],
    ["the same lane twice", [{ guid: "a", sort: 1 }, { guid: "a", sort: 2 }]],
  ])("refuses %s", (_what, body) => {
    const result = spacesBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("body_invalid");
  });
});
