import { describe, expect, it } from "vitest";
import { VIEW_COOKIE, parseViewChoice } from "./views";

describe("the taskboard view choice", () => {
  it("accepts each of the four views", () => {
    for (const view of ["planning", "board", "table", "roadmap"]) expect(parseViewChoice(view)).toBe(view);
  });
  it("falls back to the planning board for a missing or unknown value", () => {
    expect(parseViewChoice(undefined)).toBe("planning");
    expect(parseViewChoice("kanban")).toBe("planning");
    expect(parseViewChoice("")).toBe("planning");
  });
  it("names one cookie per project, with only safe characters", () => {
    expect(VIEW_COOKIE("abc-123")).toBe("view_abc-123");
    expect(VIEW_COOKIE("a;b=c")).toBe("view_abc");
  });
});
