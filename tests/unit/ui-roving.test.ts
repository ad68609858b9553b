import { describe, expect, it } from "vitest";
import { rovingIndex, typeAheadIndex } from "../../app/components/ui/roving";

describe("the kit's arrow-key rule (menus, tabs)", () => {
  it("moves down a menu and wraps from the last item to the first", () => {
    expect(rovingIndex("ArrowDown", 0, 3, "vertical")).toBe(1);
    expect(rovingIndex("ArrowDown", 2, 3, "vertical")).toBe(0);
    expect(rovingIndex("ArrowUp", 0, 3, "vertical")).toBe(2);
  });

  it("moves along tabs with left and right, and ignores up and down there", () => {
    expect(rovingIndex("ArrowRight", 1, 2, "horizontal")).toBe(0);
    expect(rovingIndex("ArrowLeft", 1, 2, "horizontal")).toBe(0);
    expect(rovingIndex("ArrowDown", 0, 2, "horizontal")).toBeNull();
    expect(rovingIndex("ArrowRight", 0, 2, "vertical")).toBeNull();
  });

  it("goes to the ends with Home and End", () => {
    expect(rovingIndex("Home", 3, 5, "vertical")).toBe(0);
    expect(rovingIndex("End", 0, 5, "horizontal")).toBe(4);
  });

  it("starts at the first item going down and at the last going up when nothing has the focus", () => {
    expect(rovingIndex("ArrowDown", -1, 4, "vertical")).toBe(0);
    expect(rovingIndex("ArrowUp", -1, 4, "vertical")).toBe(3);
  });

  it("leaves other keys and empty lists alone", () => {
    expect(rovingIndex("Enter", 0, 3, "vertical")).toBeNull();
    expect(rovingIndex("ArrowDown", 0, 0, "vertical")).toBeNull();
  });
});

describe("the kit's type-ahead (selects without a search box)", () => {
  const labels = ["Backlog", "To do", "In progress", "Review", "Done", "Duplicate"];

  it("jumps to the first label that starts with what was typed", () => {
    expect(typeAheadIndex("rev", labels, 0)).toBe(3);
    expect(typeAheadIndex("In", labels, 0)).toBe(2);
  });

  it("cycles through the labels starting with a letter pressed again and again", () => {
    expect(typeAheadIndex("d", labels, 0)).toBe(4);
    expect(typeAheadIndex("dd", labels, 4)).toBe(5);
    expect(typeAheadIndex("ddd", labels, 5)).toBe(4);
  });

  it("stays put when nothing starts with what was typed", () => {
    expect(typeAheadIndex("x", labels, 2)).toBeNull();
    expect(typeAheadIndex("", labels, 2)).toBeNull();
  });
});
