import { describe, expect, it } from "vitest";
import { capacityFromAvailability, focusFactor, forecastEnd, loadOf, personDays, seededRandom, sprintLength, velocityOf, workingDays } from "./capacity";

describe("capacity from availability", () => {
  it("counts Monday to Friday, both ends included", () => {
    // 2026-11-23 is a Monday: two full weeks end on Friday 2026-12-04.
    expect(workingDays("2026-11-23", "2026-12-04")).toBe(10);
    expect(workingDays("2026-11-28", "2026-11-29")).toBe(0); // a weekend
    expect(workingDays("2026-12-04", "2026-11-23")).toBe(0);
  });

  it("gives each person their working days less days off, times their share of time", () => {
    const team = [
      { user: "a", share: 100, days_off: 0 },
      { user: "b", share: 50, days_off: 2 },
      { user: "c", share: 100, days_off: 12 },
    ];
    expect(personDays(team, 10)).toBe(14); // 10 + 4 + 0, never negative
  });

  it("turns person-days into the estimate unit with what the team finished per person-day before", () => {
    expect(focusFactor([])).toBeNull();
    expect(focusFactor([{ done: 30, personDays: 20 }, { done: 10, personDays: 0 }, { done: 30, personDays: 20 }])).toBe(1.5);
    const team = [{ user: "a", share: 100, days_off: 0 }];
    expect(capacityFromAvailability(team, 10, 1.5)).toBe(15);
    expect(capacityFromAvailability(team, 10, null)).toBe(10);
  });
});

describe("a lane's load against its capacity", () => {
  it("says nothing without a capacity", () => {
    expect(loadOf(5, null)).toBeNull();
    expect(loadOf(5, 0)).toBeNull();
  });

  it("is under below 85 %, full from 85 % to 100 % and over above", () => {
    expect(loadOf(8, 10)).toEqual({ level: "under", ratio: 0.8, left: 2 });
    expect(loadOf(8.5, 10)?.level).toBe("full");
    expect(loadOf(10, 10)?.level).toBe("full");
    expect(loadOf(12, 10)).toEqual({ level: "over", ratio: 1.2, left: -2 });
  });
});

describe("velocity", () => {
  it("averages the last three completed sprints and gives their range", () => {
    expect(velocityOf([5, 20, 30, 10])).toEqual({ samples: [20, 30, 10], mean: 20, min: 10, max: 30 });
    expect(velocityOf([]).mean).toBeNull();
  });
});

describe("the forecast", () => {
  it("is the same for the same seed", () => {
    const input = { remaining: 100, samples: [10, 20, 30], sprintDays: 14, from: "2026-12-01" };
    expect(forecastEnd({ ...input, random: seededRandom(7) })).toEqual(forecastEnd({ ...input, random: seededRandom(7) }));
  });

  it("ends exactly when every sprint finishes the same amount", () => {
    const result = forecastEnd({ remaining: 45, samples: [10], sprintDays: 14, from: "2026-12-01", random: seededRandom(1) });
    expect(result).toEqual({ sprints50: 5, sprints85: 5, p50: "2027-02-09", p85: "2027-02-09" });
  });

  it("gives a later 85 % date than the median when velocity varies", () => {
    const result = forecastEnd({ remaining: 200, samples: [5, 20, 35], sprintDays: 7, from: "2026-12-01", random: seededRandom(42) })!;
    expect(result.sprints85).toBeGreaterThan(result.sprints50);
    expect(result.p85 > result.p50).toBe(true);
    // 200 at a mean of 20 a sprint: about ten sprints.
    expect(result.sprints50).toBeGreaterThanOrEqual(9);
    expect(result.sprints50).toBeLessThanOrEqual(11);
  });

  it("has no answer without remaining work, without history or when nothing was ever finished", () => {
    const base = { sprintDays: 14, from: "2026-12-01", random: seededRandom(1) };
    expect(forecastEnd({ ...base, remaining: 0, samples: [10] })).toBeNull();
    expect(forecastEnd({ ...base, remaining: 10, samples: [] })).toBeNull();
    expect(forecastEnd({ ...base, remaining: 10, samples: [0, 0] })).toBeNull();
  });

  it("reads a sprint's length from its dates", () => {
    expect(sprintLength("2026-12-01", "2026-12-14")).toBe(14);
    expect(sprintLength(null, "2026-12-14")).toBeNull();
  });
});
