import { describe, expect, it } from "vitest";
import { forecastEnd, seededRandom } from "./capacity";
import { type ForecastLane, roadmapForecast, standingOf, workOrder } from "./roadmap-forecast";

const task = (estimate: number | null, epic: string | null = null, done = false) => ({ estimate, epic, done });
const lane = (over: Partial<ForecastLane>): ForecastLane => ({ backlog: false, status: "planned", archived: false, end_date: null, tasks: [], ...over });
const steady = { samples: [10], sprint_days: 14 };

describe("the roadmap's forecast", () => {
  it("does the open sprints in board order, then the backlog, then what is left open elsewhere", () => {
    const backlog = lane({ backlog: true });
    const done = lane({ status: "completed" });
    const first = lane({ status: "active" });
    const second = lane({});
    const archived = lane({ archived: true });
    expect(workOrder([backlog, done, first, second, archived])).toEqual([first, second, backlog, done, archived]);
  });

  it("ends an epic when its last open task in board order is done, counting the work before it", () => {
    const lanes = [
      lane({ backlog: true, tasks: [task(10, "late-epic"), task(5)] }),
      lane({ status: "active", end_date: "2026-12-14", tasks: [task(8, "early-epic"), task(12), task(4, "early-epic"), task(3, "early-epic", true)] }),
    ];
    const forecast = roadmapForecast({ lanes, epics: [{ guid: "early-epic", planned: "2026-12-20" }, { guid: "late-epic", planned: null }], pace: steady, today: "2026-12-01", seed: 1 });
    // The sprint first: 8 + 12 + 4 = 24 → three sprints of 10; then 10 more → four; the whole 39 → four.
    // The running sprint ends on 2026-12-14 (its whole length still ahead), the next ones every 14 days.
    expect(forecast.epics).toEqual([
      { guid: "early-epic", remaining: 12, unestimated: 0, planned: "2026-12-20", end: { sprints50: 3, sprints85: 3, p50: "2027-01-11", p85: "2027-01-11" }, standing: "late" },
      { guid: "late-epic", remaining: 10, unestimated: 0, planned: null, end: { sprints50: 4, sprints85: 4, p50: "2027-01-25", p85: "2027-01-25" }, standing: null },
    ]);
    expect(forecast.total).toMatchObject({ remaining: 39, unestimated: 0, planned: "2026-12-14", end: { sprints50: 4 } });
  });

  it("counts tasks without an estimate as a risk and forecasts an epic of only those as nothing", () => {
    const lanes = [lane({ backlog: true, tasks: [task(null, "e"), task(null, "e"), task(6), task(null)] })];
    const forecast = roadmapForecast({ lanes, epics: [{ guid: "e", planned: "2027-01-01" }], pace: steady, today: "2026-12-01", seed: 1 });
    expect(forecast.epics[0]).toEqual({ guid: "e", remaining: 0, unestimated: 2, planned: "2027-01-01", end: null, standing: null });
    expect(forecast.total).toMatchObject({ remaining: 6, unestimated: 3, planned: null, end: { sprints50: 1 } });
  });

  it("moves an epic's date when one of its tasks gets an estimate", () => {
    const before = [lane({ status: "active", tasks: [task(3, "e"), task(null, "e")] }), lane({ backlog: true, tasks: [task(12)] })];
    const after = [lane({ status: "active", tasks: [task(3, "e"), task(5, "e")] }), lane({ backlog: true, tasks: [task(12)] })];
    const at = (lanes: ForecastLane[]) => roadmapForecast({ lanes, epics: [{ guid: "e", planned: null }], pace: { samples: [6], sprint_days: 12 }, today: "2026-11-26", seed: 3 }).epics[0]!;
    expect(at(before)).toMatchObject({ remaining: 3, unestimated: 1, end: { sprints50: 1, p50: "2026-12-08" } });
    expect(at(after)).toMatchObject({ remaining: 8, unestimated: 0, end: { sprints50: 2, p50: "2026-12-20" } });
  });

  it("gives the whole the same dates as the stats page's forecast of the same work and seed", () => {
    const lanes = [lane({ status: "active", tasks: [task(7, "a"), task(9)] }), lane({ backlog: true, tasks: [task(13, "b"), task(21), task(2, "a")] })];
    const pace = { samples: [5, 12, 30], sprint_days: 7 };
    const forecast = roadmapForecast({ lanes, epics: [{ guid: "a", planned: null }, { guid: "b", planned: null }], pace, today: "2026-12-01", seed: 99 });
    expect(forecast.total.end).toEqual(forecastEnd({ remaining: 52, samples: pace.samples, sprintDays: 7, from: "2026-12-01", random: seededRandom(99) }));
    // Seeded: the same board gives the same dates; an earlier epic never ends after a later one.
    expect(roadmapForecast({ lanes, epics: [{ guid: "a", planned: null }, { guid: "b", planned: null }], pace, today: "2026-12-01", seed: 99 })).toEqual(forecast);
    expect(forecast.epics[1]!.end!.sprints85).toBeLessThanOrEqual(forecast.epics[0]!.end!.sprints85);
  });

  it("starts from the running sprint's remaining days, not from today", () => {
    // Half of a 14-day sprint is left on 2026-12-08: it still does 5 of a velocity of 10.
    const running = lane({ status: "active", start_date: "2026-12-01", end_date: "2026-12-14", tasks: [task(15, "e")] });
    const at = (today: string, lanes: ForecastLane[]) => roadmapForecast({ lanes, epics: [{ guid: "e", planned: null }], pace: steady, today, seed: 1 }).epics[0]!.end;
    expect(at("2026-12-08", [running])).toMatchObject({ sprints50: 2, p50: "2026-12-28" });
    // On its first day the whole sprint is ahead: 15 needs two sprints all the same, ending with the second.
    expect(at("2026-12-01", [running])).toMatchObject({ sprints50: 2, p50: "2026-12-28" });
    // With 10 left and a day to go, the rest of the sprint does 1: the work ends a sprint later.
    const small = lane({ ...running, tasks: [task(10, "e")] });
    expect(at("2026-12-14", [small])).toMatchObject({ sprints50: 2, p50: "2026-12-28" });
    expect(at("2026-12-01", [small])).toMatchObject({ sprints50: 1, p50: "2026-12-14" });
    // No running sprint (planned, or its dates past): from today, a whole sprint at a time.
    expect(at("2026-12-08", [lane({ ...running, status: "planned" })])).toMatchObject({ sprints50: 2, p50: "2027-01-05" });
    expect(at("2026-12-20", [running])).toMatchObject({ sprints50: 2, p50: "2027-01-17" });
  });

  it("forecasts nothing before any sprint was completed", () => {
    const forecast = roadmapForecast({ lanes: [lane({ backlog: true, tasks: [task(5, "e")] })], epics: [{ guid: "e", planned: null }], pace: { samples: [], sprint_days: 14 }, today: "2026-12-01", seed: 1 });
    expect(forecast.total.end).toBeNull();
    expect(forecast.epics[0]!.end).toBeNull();
  });

  it("is late when the median ends after the plan, at risk when only the 85 % date does", () => {
    const end = { sprints50: 2, sprints85: 3, p50: "2027-01-10", p85: "2027-01-20" };
    expect(standingOf("2027-01-05", end)).toBe("late");
    expect(standingOf("2027-01-15", end)).toBe("at_risk");
    expect(standingOf("2027-01-20", end)).toBe("on_track");
    expect(standingOf(null, end)).toBeNull();
  });
});
