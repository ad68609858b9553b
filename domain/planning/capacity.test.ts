import { describe, expect, it } from "vitest";
import { capacityFromAvailability, completedSprints, focusFactor, forecastEnd, forecastEnds, forecastStart, loadAfterDrop, loadOf, loopFigures, paceOf, personDays, seedOf, seededRandom, sprintLength, suggestedCapacity, velocityOf, workingDays } from "./capacity";

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

describe("dragging a card over the board", () => {
  it("shows the lane it would land in gaining its estimate and the lane it leaves losing it", () => {
    const move = { from: "backlog", to: "s1", estimate: 3 };
    expect(loadAfterDrop({ ...move, lane: "s1", load: 5 })).toBe(8);
    expect(loadAfterDrop({ ...move, lane: "backlog", load: 5 })).toBe(2);
    expect(loadAfterDrop({ ...move, lane: "s2", load: 5 })).toBeNull();
  });

  it("changes nothing within one lane, outside any lane or for a task without an estimate", () => {
    expect(loadAfterDrop({ lane: "s1", load: 5, from: "s1", to: "s1", estimate: 3 })).toBeNull();
    expect(loadAfterDrop({ lane: "s1", load: 5, from: "backlog", to: null, estimate: 3 })).toBeNull();
    expect(loadAfterDrop({ lane: "s1", load: 5, from: "backlog", to: "s1", estimate: null })).toBeNull();
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

  it("answers several milestones done one after the other from the same futures", () => {
    const input = { samples: [4, 10, 25], sprintDays: 14, from: "2026-12-01" };
    const [first, none, last] = forecastEnds({ ...input, thresholds: [20, 0, 90], random: seededRandom(5) });
    expect(none).toBeNull();
    expect(first!.sprints85).toBeLessThanOrEqual(last!.sprints50);
    // The largest milestone gets what forecastEnd gives for it with the same seed.
    expect(last).toEqual(forecastEnd({ ...input, remaining: 90, random: seededRandom(5) }));
  });

  it("reads a sprint's length from its dates", () => {
    expect(sprintLength("2026-12-01", "2026-12-14")).toBe(14);
    expect(sprintLength(null, "2026-12-14")).toBeNull();
  });
});

describe("the loop's figures for a project", () => {
  const completed = [
    { guid: "s1", title: "Sprint 1", done: 8, start_date: "2026-10-01", end_date: "2026-10-07" },
    { guid: "s2", title: "Sprint 2", done: 12, start_date: "2026-10-08", end_date: "2026-10-14" },
    { guid: "s3", title: "Sprint 3", done: 10, start_date: null, end_date: null },
    { guid: "s4", title: "Sprint 4", done: 14, start_date: "2026-10-22", end_date: "2026-11-04" },
  ];

  it("takes velocity from the last three completed sprints and sprint length from their dates", () => {
    const figures = loopFigures({ completed, remaining: 30, unestimated: 2, today: "2026-11-26", seed: seedOf("project") });
    expect(figures.velocity).toEqual({ sprints: [{ guid: "s2", title: "Sprint 2", done: 12 }, { guid: "s3", title: "Sprint 3", done: 10 }, { guid: "s4", title: "Sprint 4", done: 14 }], mean: 12, min: 10, max: 14 });
    expect(figures.forecast.sprint_days).toBe(7); // the median of 7, 7 and 14
    expect(figures.forecast.unestimated).toBe(2);
    // 30 at 10–14 a sprint: more than two sprints, never more than three.
    expect(figures.forecast.end).toEqual({ sprints50: 3, sprints85: 3, p50: "2026-12-17", p85: "2026-12-17" });
  });

  it("assumes two-week sprints and forecasts nothing before any sprint is completed", () => {
    const figures = loopFigures({ completed: [], remaining: 36, unestimated: 0, today: "2026-11-26", seed: 1 });
    expect(figures.velocity.mean).toBeNull();
    expect(figures.forecast).toEqual({ remaining: 36, unestimated: 0, sprint_days: 14, end: null });
  });

  it("makes velocity of the done estimate of completed sprints, oldest first", () => {
    const sprint = (guid: string, status: string, sort: number, end_date: string | null) => ({ guid, title: guid, status, backlog: false, sort, start_date: null, end_date });
    const sprints = [sprint("b", "completed", 2, "2026-11-13"), sprint("a", "completed", 1, "2026-10-30"), sprint("open", "active", 3, null), { ...sprint("backlog", "planned", 0, null), backlog: true }];
    const work = [
      { sprint: "a", done: true, estimate: 5 },
      { sprint: "a", done: false, estimate: 8 },
      { sprint: "b", done: true, estimate: 3 },
      { sprint: "b", done: true, estimate: null },
      { sprint: "open", done: true, estimate: 13 },
    ];
    expect(completedSprints(sprints, work).map((s) => [s.guid, s.done])).toEqual([
      ["a", 5],
      ["b", 3],
    ]);
  });

  it("suggests the next sprint's capacity from the mean of the last three velocities", () => {
    const pace = paceOf(completed);
    expect(pace).toEqual({ samples: [12, 10, 14], sprint_days: 7 });
    expect(suggestedCapacity(pace)).toBe(12);
    expect(suggestedCapacity(paceOf([]))).toBeNull();
  });

  it("seeds the same project the same way", () => {
    expect(seedOf("p-1")).toBe(seedOf("p-1"));
    expect(seedOf("p-1")).not.toBe(seedOf("p-2"));
  });
});

describe("where a forecast starts", () => {
  const sprint = { status: "active", start_date: "2026-12-01", end_date: "2026-12-14" };
  it("counts from the running sprint: its end is the first sprint's, with the share of its days left", () => {
    expect(forecastStart({ today: "2026-12-08", sprintDays: 14, sprints: [sprint] })).toEqual({ from: "2026-11-30", share: 0.5 });
    expect(forecastStart({ today: "2026-12-01", sprintDays: 7, sprints: [sprint] })).toEqual({ from: "2026-12-07", share: 1 });
  });

  it("counts from today without a running sprint: none active, archived, or today outside its dates", () => {
    for (const other of [{ ...sprint, status: "planned" }, { ...sprint, archived: true }, { ...sprint, end_date: "2026-12-07" }, { ...sprint, start_date: "2026-12-09" }, { ...sprint, end_date: null }]) {
      expect(forecastStart({ today: "2026-12-08", sprintDays: 14, sprints: [other] })).toEqual({ from: "2026-12-08", share: 1 });
    }
  });

  it("scales only the first simulated sprint's velocity by the share left, seeded and repeatable", () => {
    const input = { remaining: 15, samples: [10], sprintDays: 14, random: seededRandom(5) };
    expect(forecastEnd({ ...input, from: "2026-11-30", share: 0.5 })).toEqual({ sprints50: 2, sprints85: 2, p50: "2026-12-28", p85: "2026-12-28" });
    expect(forecastEnd({ ...input, remaining: 5, from: "2026-11-30", share: 0.5 })).toMatchObject({ sprints50: 1, p50: "2026-12-14" });
    expect(forecastEnd({ ...input, remaining: 6, from: "2026-11-30", share: 0.5 })).toMatchObject({ sprints50: 2 });
  });
});
