import { describe, expect, it } from "vitest";
import { LAST_SEEN_REFRESH_MS, SESSION_IDLE_DEFAULT_DAYS, idleTimeoutMs, sessionStatus } from "./session-policy";

const DAY = 24 * 60 * 60_000;
const start = 1_700_000_000_000;
const session = (lastSeenAt: number | null) => ({ createdAt: start, expiresAt: start + 30 * DAY, lastSeenAt });

describe("idleTimeoutMs", () => {
  it("reads SESSION_IDLE_DAYS in days, fractions included", () => {
    expect(idleTimeoutMs("7")).toBe(7 * DAY);
    expect(idleTimeoutMs("0.5")).toBe(DAY / 2);
  });

  it.each([undefined, "", "  ", "zero", "0", "-3", "Infinity"])("falls back to 14 days for %j", (value) => {
    expect(idleTimeoutMs(value)).toBe(SESSION_IDLE_DEFAULT_DAYS * DAY);
  });
});

describe("sessionStatus", () => {
  const idle = 14 * DAY;

  it("keeps a session used a minute ago without writing anything", () => {
    expect(sessionStatus(session(start), start + 60_000, idle)).toBe("valid");
  });

  it("asks for last use to be written back once it is an hour old", () => {
    expect(sessionStatus(session(start), start + LAST_SEEN_REFRESH_MS - 1, idle)).toBe("valid");
    expect(sessionStatus(session(start), start + LAST_SEEN_REFRESH_MS, idle)).toBe("touch");
  });

  it("ends a session unused for the idle timeout", () => {
    expect(sessionStatus(session(start), start + idle - 1, idle)).toBe("touch");
    expect(sessionStatus(session(start), start + idle, idle)).toBe("expired");
  });

  it("ends a session at its absolute expiry however recently it was used", () => {
    const now = start + 30 * DAY;
    expect(sessionStatus(session(now - 1000), now, idle)).toBe("expired");
  });

  it("counts from the start of a session that has no recorded last use", () => {
    expect(sessionStatus(session(null), start + 2 * DAY, idle)).toBe("touch");
    expect(sessionStatus(session(null), start + 15 * DAY, idle)).toBe("expired");
  });
});
