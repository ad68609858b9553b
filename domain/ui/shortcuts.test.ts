import { describe, expect, it } from "vitest";
import { matchScore, rankByQuery, readShortcut, stepIndex, taskQuery } from "./shortcuts";

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe("keyboard shortcuts", () => {
  it("opens the palette with Ctrl+K and with ⌘K", () => {
    expect(readShortcut(press("k", { ctrlKey: true }), null).shortcut).toBe("palette");
    expect(readShortcut(press("K", { metaKey: true }), null).shortcut).toBe("palette");
  });

  it("reads C, / and ? as new task, search and the shortcut sheet", () => {
    expect(readShortcut(press("c"), null).shortcut).toBe("newTask");
    expect(readShortcut(press("/"), null).shortcut).toBe("search");
    expect(readShortcut(press("?"), null).shortcut).toBe("sheet");
  });

  it("folds and unfolds the project's sidebar with [", () => {
    expect(readShortcut(press("["), null).shortcut).toBe("sidebar");
    expect(readShortcut(press("[", { metaKey: true }), null).shortcut).toBeNull();
  });

  it("goes to the board with G then B, and forgets the G after any other key", () => {
    const first = readShortcut(press("g"), null);
    expect(first).toEqual({ shortcut: null, pending: "g" });
    expect(readShortcut(press("b"), first.pending).shortcut).toBe("board");
    expect(readShortcut(press("x"), "g")).toEqual({ shortcut: null, pending: null });
    expect(readShortcut(press("b"), null).shortcut).toBeNull();
  });

  it("leaves the browser's own modified keys alone", () => {
    expect(readShortcut(press("c", { ctrlKey: true }), null).shortcut).toBeNull();
    expect(readShortcut(press("k", { ctrlKey: true, altKey: true }), null).shortcut).toBeNull();
    expect(readShortcut(press("e", { metaKey: true }), null).shortcut).toBeNull();
  });

  it("reads J, K and E as next, previous and open, in either case", () => {
    expect(readShortcut(press("j"), null).shortcut).toBe("next");
    expect(readShortcut(press("K"), null).shortcut).toBe("previous");
    expect(readShortcut(press("e"), "g")).toEqual({ shortcut: "open", pending: null });
  });
});

describe("moving among cards and rows", () => {
  it("takes the first with J and the last with K when none is focused", () => {
    expect(stepIndex(-1, 5, 1)).toBe(0);
    expect(stepIndex(-1, 5, -1)).toBe(4);
  });

  it("moves one step and stops at either end", () => {
    expect(stepIndex(2, 5, 1)).toBe(3);
    expect(stepIndex(2, 5, -1)).toBe(1);
    expect(stepIndex(4, 5, 1)).toBe(4);
    expect(stepIndex(0, 5, -1)).toBe(0);
  });

  it("has nowhere to go in an empty view", () => {
    expect(stepIndex(-1, 0, 1)).toBe(-1);
  });
});

describe("palette matching", () => {
  it("ranks a match at the start above one inside a word", () => {
    const items = [{ label: "Make board" }, { label: "Board review" }, { label: "Onboarding" }, { label: "Roadmap" }];
    expect(rankByQuery(items, "board").map((i) => i.label)).toEqual(["Board review", "Make board", "Onboarding"]);
  });

  it("ignores case and accents, and finds items by their keywords", () => {
    expect(matchScore("Español", "espanol")).toBe(3);
    expect(rankByQuery([{ label: "Switch to the dark theme", keywords: "theme appearance" }], "appear")).toHaveLength(1);
  });

  it("keeps every item, in order, for an empty query", () => {
    expect(rankByQuery([{ label: "b" }, { label: "a" }], " ").map((i) => i.label)).toEqual(["b", "a"]);
  });

  it("reads a bare number as a task key", () => {
    expect(taskQuery("12")).toBe("#12");
    expect(taskQuery("#7")).toBe("#7");
    expect(taskQuery("login bug")).toBe("login bug");
  });
});
