import { describe, expect, it } from "vitest";
import { COALESCE_MS, coalesceWindow, FRAME_BUDGET_PER_SECOND, nextFrameAt, SILENCE_WINDOWS } from "./coalescing";

describe("a room's coalescing window", () => {
  it("is the base window for an empty room and for small rooms", () => {
    expect(coalesceWindow(0)).toBe(COALESCE_MS);
    expect(coalesceWindow(1)).toBe(COALESCE_MS);
    expect(coalesceWindow(20)).toBe(COALESCE_MS);
  });

  it("grows with the room past that, so a busy room's frames a second stay within the budget", () => {
    expect(coalesceWindow(21)).toBe(3);
    expect(coalesceWindow(50)).toBe(5);
    expect(coalesceWindow(100)).toBe(10);
    expect(coalesceWindow(101)).toBe(11);
    expect(coalesceWindow(200)).toBe(20);
    expect(coalesceWindow(300)).toBe(30);
    for (const sockets of [25, 50, 150, 201, 333, 500, 1000]) {
      expect((sockets * 1000) / coalesceWindow(sockets)).toBeLessThanOrEqual(FRAME_BUDGET_PER_SECOND);
    }
  });
});

describe("the frame after a room's frame", () => {
  it("waits for the window while the room's frames come a window apart", () => {
    expect(nextFrameAt(1_000, 980, 20)).toBe(1_020);
    // A timer or a write a little late is still a busy room.
    expect(nextFrameAt(1_000, 1_000 - SILENCE_WINDOWS * 20, 20)).toBe(1_020);
  });

  it("may go out at once when this frame ended a silence, so what came during its write is not held a window more", () => {
    expect(nextFrameAt(1_000, 969, 20)).toBe(1_000);
    expect(nextFrameAt(1_000, 0, 2)).toBe(1_000);
    expect(nextFrameAt(1_000, 900, 50)).toBe(1_000);
  });
});
