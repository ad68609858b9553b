import { describe, expect, it } from "vitest";
import { labelBody, sameLabel, updateLabelBody } from "./labels";

describe("sameLabel", () => {
  it.each([
    ["Bug", "bug"],
    [" Bug ", "BUG"],
    ["Срочно", "СРОЧНО"],
    ["front  end", "Front End"],
    ["ｂｕｇ", "bug"],
  ])("reads %j and %j as one label", (a, b) => {
    expect(sameLabel(a, b)).toBe(true);
  });
  it("tells different names apart", () => {
    expect(sameLabel("bug", "bugs")).toBe(false);
  });
});

describe("label bodies", () => {
  it("takes a name and an optional colour", () => {
    expect(labelBody.parse({ value: " Bug ", color: "#ef4444" })).toEqual({ value: "Bug", color: "#ef4444" });
    expect(labelBody.parse({ value: "Bug" })).toEqual({ value: "Bug" });
  });
  it.each([
    [{}, "option_value_required"],
    [{ value: "  " }, "option_value_required"],
    [{ value: "x".repeat(101) }, "option_value_too_long"],
    [{ value: "x", color: "red" }, "color_invalid"],
  ])("refuses %j with %s", (body, code) => {
    expect(labelBody.safeParse(body).error?.issues[0]?.message).toBe(code);
  });
  it("needs something to change", () => {
    expect(updateLabelBody.safeParse({}).error?.issues[0]?.message).toBe("body_invalid");
    expect(updateLabelBody.parse({ color: "#000000" })).toEqual({ color: "#000000" });
  });
});
