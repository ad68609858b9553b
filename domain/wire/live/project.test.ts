import { describe, expect, it } from "vitest";
import { projectFrame } from "./project";
import { CLOCK_MARGIN_MS, missedChanges } from "./project-missed";

const READ_AT = 1_800_000_000_000;
const hello = (changed_at: number | null) => ({ type: "hello" as const, changed_at });

describe("a page's data against the room's last change", () => {
  it("need not be read again when the room never published a change", () => {
    expect(missedChanges(hello(null), READ_AT)).toBe(false);
  });

  it("need not be read again when the last change is older than the read by more than the clocks' margin", () => {
    expect(missedChanges(hello(READ_AT - CLOCK_MARGIN_MS - 1), READ_AT)).toBe(false);
    expect(missedChanges(hello(READ_AT - 60_000), READ_AT)).toBe(false);
  });

  it("is read again when the last change came after the read, or so close before it that the clocks cannot tell", () => {
    expect(missedChanges(hello(READ_AT + 1), READ_AT)).toBe(true);
    expect(missedChanges(hello(READ_AT), READ_AT)).toBe(true);
    expect(missedChanges(hello(READ_AT - CLOCK_MARGIN_MS + 1), READ_AT)).toBe(true);
  });

  it("is always read again by a page that does not know when its data were read", () => {
    expect(missedChanges(hello(null), undefined)).toBe(true);
    expect(missedChanges(hello(READ_AT - 60_000), undefined)).toBe(true);
  });

  it("the frames a page accepts: the hello and the change notices, nothing else", () => {
    expect(projectFrame.safeParse(hello(null)).success).toBe(true);
    expect(projectFrame.safeParse(hello(READ_AT)).success).toBe(true);
    expect(projectFrame.safeParse({ type: "hello", changed_at: -1 }).success).toBe(false);
    expect(projectFrame.safeParse({ type: "hello" }).success).toBe(false);
    expect(projectFrame.safeParse({ type: "sprints_changed", project: "p", by: "u", at: READ_AT }).success).toBe(true);
    expect(projectFrame.safeParse({ type: "error", code: "unsupported" }).success).toBe(false);
  });
});
