import { describe, expect, it } from "vitest";
import { saveFilterBody } from "./filter-schemas";
import { matchesCondition, matchesFilter, opsFor } from "./filters";

describe("filter conditions", () => {
  it("matches empty and not empty for nulls, blank strings and empty lists", () => {
    for (const v of [null, undefined, "", []]) expect(matchesCondition(v, { op: "empty" })).toBe(true);
    expect(matchesCondition("x", { op: "not_empty" })).toBe(true);
    expect(matchesCondition([1], { op: "empty" })).toBe(false);
  });
  it("matches is and is not, with lists matching when any item does", () => {
    expect(matchesCondition("opt-a", { op: "is", value: "opt-a" })).toBe(true);
    expect(matchesCondition(["a", "b"], { op: "is", value: "b" })).toBe(true);
    expect(matchesCondition(["a", "b"], { op: "is_not", value: "b" })).toBe(false);
    expect(matchesCondition(3, { op: "is_not", value: 4 })).toBe(true);
  });
  it("matches text containing a fragment regardless of case", () => {
    expect(matchesCondition("Fix the Login page", { op: "contains", value: "login" })).toBe(true);
    expect(matchesCondition(["x", "y"], { op: "contains", value: ["q", "y"] })).toBe(true);
    expect(matchesCondition(5, { op: "contains", value: "5" })).toBe(false);
  });
  it("compares numbers and ISO dates with gt and lt, and never mixes types", () => {
    expect(matchesCondition(5, { op: "gt", value: 3 })).toBe(true);
    expect(matchesCondition("2026-11-22", { op: "lt", value: "2026-12-01" })).toBe(true);
    expect(matchesCondition("5", { op: "gt", value: 3 })).toBe(false);
  });
  it("needs every condition to hold", () => {
    const values = new Map<string, unknown>([
      ["status", "done"],
      ["points", 8],
    ]);
    expect(matchesFilter(values, [{ field: "status", op: "is", value: "done" }, { field: "points", op: "gt", value: 5 }])).toBe(true);
    expect(matchesFilter(values, [{ field: "status", op: "is", value: "done" }, { field: "points", op: "lt", value: 5 }])).toBe(false);
    expect(matchesFilter(values, [{ field: "missing", op: "empty" }])).toBe(true);
  });
  it("offers operators that fit the field's type", () => {
    expect(opsFor("checkbox")).toEqual(["is", "is_not"]);
    expect(opsFor("number")).toContain("gt");
    expect(opsFor("select")).not.toContain("gt");
  });
  it("validates a saved filter's shape", () => {
    expect(saveFilterBody.safeParse({ title: "Mine", conditions: [{ field: "f", op: "is", value: 1 }] }).success).toBe(true);
    expect(saveFilterBody.safeParse({ title: " ", conditions: [] }).error?.issues[0]?.message).toBe("filter_title_required");
    expect(saveFilterBody.safeParse({ title: "x", conditions: [{ field: "f", op: "like" }] }).error?.issues[0]?.message).toBe("filter_op_invalid");
  });
});
