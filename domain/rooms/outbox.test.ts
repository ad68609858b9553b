import { describe, expect, it } from "vitest";
import { nextAlarm, OUTBOX_FIRST_RETRY_MS, OUTBOX_MAX_RETRY_MS, retryAt } from "./outbox";

describe("room outbox", () => {
  it("doubles the pause after each failed delivery, up to an hour", () => {
    expect(retryAt(1000, 1)).toBe(1000 + OUTBOX_FIRST_RETRY_MS);
    expect(retryAt(1000, 2)).toBe(1000 + 2 * OUTBOX_FIRST_RETRY_MS);
    expect(retryAt(1000, 4)).toBe(1000 + 8 * OUTBOX_FIRST_RETRY_MS);
    expect(retryAt(0, 40)).toBe(OUTBOX_MAX_RETRY_MS);
  });

  it("sets the shared alarm to whichever of timer and outbox comes first, or to none", () => {
    expect(nextAlarm(5000, 3000)).toBe(3000);
    expect(nextAlarm(null, 3000)).toBe(3000);
    expect(nextAlarm(5000, null)).toBe(5000);
    expect(nextAlarm(null, undefined)).toBeNull();
  });
});
