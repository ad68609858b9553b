import { describe, expect, it } from "vitest";
import { admitFrame, type Allowance, SOCKET_RULES, type SocketRule, STORE_ALLOWANCE_EVERY_MS, storesAllowance } from "./socket-limits";

const rule: SocketRule = { maxFrameBytes: 100, burstFrames: 3, framesPerSecond: 2, burstBytes: 250, bytesPerSecond: 100 };

function send(kept: unknown, size: number, now: number) {
  const verdict = admitFrame(rule, kept, size, now);
  return { verdict, kept: verdict.ok ? verdict.allowance : kept };
}

describe("socket allowance", () => {
  it("refuses a frame above the cap, whatever the allowance", () => {
    expect(admitFrame(rule, undefined, 101, 0)).toEqual({ ok: false, reason: "too_large" });
    expect(admitFrame(rule, undefined, 100, 0).ok).toBe(true);
  });

  it("lets a new socket send a burst, then refuses the frame past it", () => {
    let kept: unknown = null;
    for (let i = 0; i < 3; i++) {
      const step = send(kept, 1, 1000);
      expect(step.verdict.ok).toBe(true);
      kept = step.kept;
    }
    expect(send(kept, 1, 1000).verdict).toEqual({ ok: false, reason: "rate_limited" });
  });

  it("refills with time, up to the burst and no further", () => {
    const empty: Allowance = { frames: 0, bytes: 250, at: 1000 };
    expect(send(empty, 1, 1200).verdict.ok).toBe(false);
    expect(send(empty, 1, 1500).verdict).toEqual({ ok: true, allowance: { frames: 0, bytes: 249, at: 1500 } });
    expect(send(empty, 1, 3_600_000).verdict).toEqual({ ok: true, allowance: { frames: 2, bytes: 249, at: 3_600_000 } });
  });

  it("counts bytes as well as frames", () => {
    const step = send(undefined, 100, 0);
    const second = send(step.kept, 100, 0);
    expect(second.verdict.ok).toBe(true);
    expect(send(second.kept, 100, 0).verdict).toEqual({ ok: false, reason: "rate_limited" });
  });

  it("starts afresh from anything that is not an allowance, and refills nothing when the clock goes back", () => {
    expect(admitFrame(rule, { frames: "lots" }, 1, 5).ok).toBe(true);
    expect(admitFrame(rule, { frames: 0, bytes: 250, at: 5000 }, 1, 1000)).toEqual({ ok: false, reason: "rate_limited" });
  });

  it("gives every room a cap and an allowance", () => {
    for (const r of Object.values(SOCKET_RULES)) {
      expect(r.maxFrameBytes).toBeGreaterThan(0);
      expect(r.burstBytes).toBeGreaterThanOrEqual(r.maxFrameBytes);
      expect(r.framesPerSecond).toBeGreaterThan(0);
    }
  });
});

describe("storing a socket's allowance", () => {
  const big: SocketRule = { maxFrameBytes: 100, burstFrames: 10, framesPerSecond: 1, burstBytes: 1000, bytesPerSecond: 100 };

  it("stores the first allowance of a socket the object holds", () => {
    expect(storesAllowance(big, { frames: 9, bytes: 999, at: 0 }, null, 0)).toBe(true);
  });

  it("stores a plentiful allowance at most once a second", () => {
    expect(storesAllowance(big, { frames: 8, bytes: 990, at: 500 }, 0, 500)).toBe(false);
    expect(storesAllowance(big, { frames: 8, bytes: 990, at: STORE_ALLOWANCE_EVERY_MS }, 0, STORE_ALLOWANCE_EVERY_MS)).toBe(true);
  });

  it("stores every allowance below half a burst of frames or of bytes", () => {
    expect(storesAllowance(big, { frames: 4, bytes: 990, at: 10 }, 5, 10)).toBe(true);
    expect(storesAllowance(big, { frames: 9, bytes: 400, at: 10 }, 5, 10)).toBe(true);
  });
});
