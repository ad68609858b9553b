import { describe, expect, it } from "vitest";
import {
  backoffDelayMs,
  type BackoffRule,
  decide,
  decideBackoff,
  decideTicket,
  nextBackoffCounter,
  overLimit,
  RATE_LIMITS,
  type RateLimitRule,
  SIGN_IN_BACKOFF,
  SIGN_IN_CEILING,
  windowExpired,
} from "./rate-limit";

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

  it("allows thirty sign-in attempts per client IP and refuses the thirty-first", () => {
    const counter = (count: number) => ({ windowStart: start, count });
    expect(decide(RATE_LIMITS.signInIp, counter(30), start).allowed).toBe(true);
    expect(decide(RATE_LIMITS.signInIp, counter(31), start).allowed).toBe(false);
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

const backoff: BackoffRule = { free: 3, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetMs: 60 * 60_000 };

describe("backoffDelayMs", () => {
  it.each([0, 1, 2])("lets failure %i of the free ones cost nothing", (failures) => {
    expect(backoffDelayMs(backoff, failures)).toBe(0);
  });

  it("doubles the wait with each failure after the free ones", () => {
    expect([3, 4, 5, 6].map((n) => backoffDelayMs(backoff, n))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("never waits longer than the rule's maximum, however many failures", () => {
    expect(backoffDelayMs(backoff, 7)).toBe(8_000);
    expect(backoffDelayMs(backoff, 1_000)).toBe(8_000);
  });

  it("caps the sign-in backoff of one client at fifteen minutes", () => {
    expect(backoffDelayMs(SIGN_IN_BACKOFF, 50)).toBe(15 * 60_000);
  });
});

describe("decideBackoff", () => {
  const after = (count: number) => ({ windowStart: start, count });

  it("allows a client with no failures", () => {
    expect(decideBackoff(backoff, null, start)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it("allows the free failures at once", () => {
    expect(decideBackoff(backoff, after(2), start).allowed).toBe(true);
  });

  it("refuses an attempt before the backoff has passed and says how long to wait", () => {
    expect(decideBackoff(backoff, after(4), start + 500)).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it("allows the attempt once the backoff has passed", () => {
    expect(decideBackoff(backoff, after(4), start + 2_000).allowed).toBe(true);
  });

  it("forgets failures whose last attempt is older than the rule remembers", () => {
    expect(decideBackoff(backoff, after(100), start + 60 * 60_000).allowed).toBe(true);
  });
});

describe("nextBackoffCounter", () => {
  it("counts the first attempt as one failure", () => {
    expect(nextBackoffCounter(backoff, null, start)).toEqual({ windowStart: start, count: 1 });
  });

  it("adds one failure and moves the last attempt to now", () => {
    expect(nextBackoffCounter(backoff, { windowStart: start, count: 4 }, start + 9_000)).toEqual({ windowStart: start + 9_000, count: 5 });
  });

  it("starts over after the forget period", () => {
    expect(nextBackoffCounter(backoff, { windowStart: start, count: 40 }, start + 60 * 60_000)).toEqual({ windowStart: start + 60 * 60_000, count: 1 });
  });
});

describe("overLimit", () => {
  it("is false without a counter, at the limit, and once the window expired", () => {
    expect(overLimit(rule, null, start)).toBe(false);
    expect(overLimit(rule, { windowStart: start, count: 3 }, start)).toBe(false);
    expect(overLimit(rule, { windowStart: start, count: 9 }, start + 60_000)).toBe(false);
  });

  it("is true above the limit within the window", () => {
    expect(overLimit(rule, { windowStart: start, count: 4 }, start + 59_999)).toBe(true);
  });
});

describe("decideTicket", () => {
  const ticket = { waitMs: 30_000, graceMs: 60_000 };

  it("issues a ticket and asks to come back after the wait when a client holds none", () => {
    expect(decideTicket(ticket, null, start)).toEqual({ action: "issue", retryAfterSeconds: 30 });
  });

  it("asks a client that comes back early to wait the rest", () => {
    expect(decideTicket(ticket, start, start + 10_000)).toEqual({ action: "wait", retryAfterSeconds: 20 });
  });

  it("lets a client through once its wait has passed", () => {
    expect(decideTicket(ticket, start, start + 30_000)).toEqual({ action: "pass" });
    expect(decideTicket(ticket, start, start + 90_000)).toEqual({ action: "pass" });
  });

  it("issues a new ticket when the old one was not used within the grace period", () => {
    expect(decideTicket(ticket, start, start + 90_001)).toEqual({ action: "issue", retryAfterSeconds: 30 });
  });

  it("issues a new ticket when the clock says it was issued in the future", () => {
    expect(decideTicket(ticket, start + 5_000, start).action).toBe("issue");
  });

  it("makes nobody wait more than half a minute for a sign-in to an address under attack", () => {
    expect(SIGN_IN_CEILING.waitMs).toBeLessThanOrEqual(30_000);
  });
});
