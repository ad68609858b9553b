import { describe, expect, it } from "vitest";
import { carryOver, isFinished } from "./sprint-complete";

const done = new Set(["done"]);

describe("completing a sprint", () => {
  it("counts a task as finished only when its status is a done status", () => {
    expect(isFinished({ status: "done" }, done)).toBe(true);
    expect(isFinished({ status: "review" }, done)).toBe(false);
    expect(isFinished({ status: null }, done)).toBe(false);
  });

  it("carries over only the unfinished tasks", () => {
    const moved = carryOver(
      [
        { guid: "a", sort: 3, status: "done" },
        { guid: "b", sort: 1, status: "todo" },
        { guid: "c", sort: 2, status: null },
      ],
      done,
      10,
    );
    expect(moved.map((m) => m.guid)).toEqual(["b", "c"]);
  });

  it("appends the carried tasks after the last task of the target lane, keeping their order", () => {
    const moved = carryOver(
      [
        { guid: "late", sort: 9, status: "todo" },
        { guid: "early", sort: 4, status: "in_progress" },
      ],
      done,
      41,
    );
    expect(moved).toEqual([
      { guid: "early", sort: 42 },
      { guid: "late", sort: 43 },
    ]);
  });

  it("moves nothing when every task is finished", () => {
    expect(carryOver([{ guid: "a", sort: 0, status: "done" }], done, 0)).toEqual([]);
  });
});
