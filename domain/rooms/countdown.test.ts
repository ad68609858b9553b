import { describe, expect, it } from "vitest";
import { formatCountdown, msUntilNextTick, secondsLeft } from "./countdown";

const T0 = 1_700_000_000_000;

describe("the room countdown", () => {
  it("has no seconds left when no timer runs", () => {
    expect(secondsLeft(null, T0)).toBeNull();
    expect(secondsLeft(undefined, T0)).toBeNull();
    expect(secondsLeft(Number.NaN, T0)).toBeNull();
  });

  it("rounds the time left up to whole seconds, so the last second is still shown", () => {
    expect(secondsLeft(T0 + 60_000, T0)).toBe(60);
    expect(secondsLeft(T0 + 59_001, T0)).toBe(60);
    expect(secondsLeft(T0 + 59_000, T0)).toBe(59);
    expect(secondsLeft(T0 + 1, T0)).toBe(1);
  });

  it("stops at zero once the end has passed", () => {
    expect(secondsLeft(T0, T0)).toBe(0);
    expect(secondsLeft(T0 - 5_000, T0)).toBe(0);
  });

  it("writes minutes and seconds under an hour and hours from an hour on", () => {
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(9)).toBe("0:09");
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(299)).toBe("4:59");
    expect(formatCountdown(3599)).toBe("59:59");
    expect(formatCountdown(3600)).toBe("1:00:00");
    expect(formatCountdown(3725)).toBe("1:02:05");
  });

  it("reads negative or fractional seconds as whole seconds not below zero", () => {
    expect(formatCountdown(-3)).toBe("0:00");
    expect(formatCountdown(61.9)).toBe("1:01");
  });

  it("wakes at the next whole-second boundary of the time left", () => {
    expect(msUntilNextTick(T0 + 60_000, T0)).toBe(1000);
    expect(msUntilNextTick(T0 + 59_250, T0)).toBe(250);
    expect(msUntilNextTick(T0 + 10, T0)).toBe(10);
    expect(msUntilNextTick(T0, T0)).toBe(0);
    expect(msUntilNextTick(T0 - 1, T0)).toBe(0);
  });

  it("shows each whole second once when woken at every tick", () => {
    const end = T0 + 3_400;
    const shown: string[] = [];
    let now = T0;
    for (;;) {
      shown.push(formatCountdown(secondsLeft(end, now)!));
      if (now >= end) break;
      now += msUntilNextTick(end, now);
    }
    expect(shown).toEqual(["0:04", "0:03", "0:02", "0:01", "0:00"]);
  });
});
