import { describe, expect, it } from "vitest";
import { estimateOf, laneTotals } from "./totals";

const task = (estimate?: unknown) => ({ custom_fields: estimate === undefined ? [] : [{ guid: "est", value: estimate }] });

describe("lane totals", () => {
  it("count every task of the lane and sum their estimates", () => {
    expect(laneTotals([task(3), task(5), task(8)], "est")).toEqual({ count: 3, estimate: 16, unestimated: 0 });
  });
  it("count tasks without an estimate apart instead of as zero", () => {
    expect(laneTotals([task(2), task(), task(null)], "est")).toEqual({ count: 3, estimate: 2, unestimated: 2 });
  });
  it("ignore values that are not finite numbers", () => {
    expect(estimateOf(task("5"), "est")).toBeNull();
    expect(estimateOf(task(Number.NaN), "est")).toBeNull();
  });
  it("keep fractional sums as people wrote them", () => {
    expect(laneTotals([task(0.1), task(0.2)], "est").estimate).toBe(0.3);
  });
  it("are zero for an empty lane", () => {
    expect(laneTotals([], "est")).toEqual({ count: 0, estimate: 0, unestimated: 0 });
  });
});
