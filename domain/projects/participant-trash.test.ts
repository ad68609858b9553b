import { describe, expect, it } from "vitest";
import { PARTICIPANT_RESTORE_MS, UNDO_TOAST_MS, restorable } from "./participant-trash";

describe("participant trash", () => {
  it("restores a removed participant for an hour, far longer than the Undo toast", () => {
    expect(restorable(0, PARTICIPANT_RESTORE_MS - 1)).toBe(true);
    expect(restorable(0, PARTICIPANT_RESTORE_MS)).toBe(false);
    expect(PARTICIPANT_RESTORE_MS).toBeGreaterThan(UNDO_TOAST_MS * 100);
  });
});
