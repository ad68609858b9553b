import { describe, expect, it } from "vitest";
import { decide, RATE_LIMITS, type RateLimitRule, windowExpired } from "./rate-limit";

const rule: RateLimitRule = { limit: 3, windowMs: 60_000 };
const start = 1_000_000;

describe("decide", () => {
  it.each([1, 2, 3])("allows attempt %i of 3", (count) => {
    expect(decide(rule, { windowStart: start, count }, start).allowed).toBe(true);
  });

  it.each([4, 5, 100])("refuses attempt %i of 3", (count) => {
    expect(decide(rule, { windowStart: start, count }, start).allowed).toBe(false);
  });

  it("asks to retry when the window ends", () => {
    expect(decide(rule, { windowStart: start, count: 4 }, start).retryAfterSeconds).toBe(60);
  });

  it("counts the retry time down as the window passes", () => {
    const at = (elapsedMs: number) => decide(rule, { windowStart: start, count: 4 }, start + elapsedMs).retryAfterSeconds;
    expect(at(1_000)).toBe(59);
    expect(at(30_000)).toBe(30);
    expect(at(58_000)).toBe(2);
  });

  it("rounds a partial second up", () => {
    expect(decide(rule, { windowStart: start, count: 4 }, start + 59_500).retryAfterSeconds).toBe(1);
  });

  it("never asks to retry in less than one second", () => {
    expect(decide(rule, { windowStart: start, count: 4 }, start + 60_000).retryAfterSeconds).toBe(1);
    expect(decide(rule, { windowStart: start, count: 4 }, start + 120_000).retryAfterSeconds).toBe(1);
  });

  it("allows ten sign-in attempts per e-mail and refuses the eleventh", () => {
    const counter = (count: number) => ({ windowStart: start, count });
    expect(decide(RATE_LIMITS.signInEmail, counter(10), start).allowed).toBe(true);
    expect(decide(RATE_LIMITS.signInEmail, counter(11), start).allowed).toBe(false);
  });
});

describe("windowExpired", () => {
  it("keeps a window open until its full length has passed", () => {
    expect(windowExpired(rule, start, start)).toBe(false);
    expect(windowExpired(rule, start, start + 59_999)).toBe(false);
  });

  it("expires a window exactly when its length has passed", () => {
    expect(windowExpired(rule, start, start + 60_000)).toBe(true);
  });

  it("expires a window long past", () => {
    expect(windowExpired(rule, start, start + 10 * 60_000)).toBe(true);
  });
});
