import { describe, expect, it } from "vitest";
import { purgeDue, TRASH_KEPT_MS, UNDO_TOAST_MS } from "./trash";

describe("task trash", () => {
  it("keeps a deleted task for thirty days, far longer than the Undo toast", () => {
    expect(purgeDue(0, TRASH_KEPT_MS - 1)).toBe(false);
    expect(purgeDue(0, TRASH_KEPT_MS)).toBe(true);
    expect(TRASH_KEPT_MS).toBeGreaterThan(UNDO_TOAST_MS * 1000);
  });
});
