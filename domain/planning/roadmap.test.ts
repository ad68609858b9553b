import { describe, expect, it } from "vitest";
import {
  DAY_WIDTH,
  barGeometry,
  dayAtX,
  daysFromPixels,
  defaultSchedule,
  formatDay,
  groupRoadmap,
  headerCells,
  isWeekend,
  localDay,
  monthStart,
  moveSpan,
  parseDay,
  resizeSpan,
  scheduleOf,
  timelineRange,
  weekStart,
  xOfDay,
  type RoadmapTask,
} from "./roadmap";

const d = (iso: string) => parseDay(iso)!;

describe("calendar days", () => {
  it("reads a stored date and writes it back unchanged", () => {
    for (const iso of ["2026-01-01", "2024-02-29", "2026-12-31", "1999-07-15"]) expect(formatDay(d(iso))).toBe(iso);
  });

  it("reads the calendar day of an ISO date-time", () => {
    expect(parseDay("2026-03-05T22:30:00Z")).toBe(d("2026-03-05"));
  });

  it("takes days that do not exist and anything that is no date as no date", () => {
    for (const value of ["2026-02-30", "2026-13-01", "05.03.2026", "", null, undefined, 20260305, "2026-3-5"]) expect(parseDay(value)).toBeNull();
  });

  it("counts consecutive days one apart, across a month and a year end", () => {
    expect(d("2026-03-01") - d("2026-02-28")).toBe(1);
    expect(d("2027-01-01") - d("2026-12-31")).toBe(1);
  });

  it("takes the viewer's own calendar day as today", () => {
    expect(formatDay(localDay(new Date(2026, 4, 17, 23, 59)))).toBe("2026-05-17");
    expect(formatDay(localDay(new Date(2026, 4, 17, 0, 1)))).toBe("2026-05-17");
  });

  it("starts weeks on Monday and knows weekends", () => {
    // 2026-03-04 is a Wednesday.
    expect(formatDay(weekStart(d("2026-03-04")))).toBe("2026-03-02");
    expect(formatDay(weekStart(d("2026-03-02")))).toBe("2026-03-02");
    expect(formatDay(weekStart(d("2026-03-08")))).toBe("2026-03-02");
    expect(isWeekend(d("2026-03-07"))).toBe(true);
    expect(isWeekend(d("2026-03-08"))).toBe(true);
    expect(isWeekend(d("2026-03-06"))).toBe(false);
    expect(formatDay(monthStart(d("2026-03-19")))).toBe("2026-03-01");
  });
});

describe("what a task shows", () => {
  it("shows a bar from its start to its end date", () => {
    expect(scheduleOf("2026-03-02", "2026-03-06")).toEqual({ kind: "bar", span: { start: d("2026-03-02"), end: d("2026-03-06") } });
  });

  it("shows a one-day marker when only one date is set", () => {
    expect(scheduleOf("2026-03-02", null)).toEqual({ kind: "marker", span: { start: d("2026-03-02"), end: d("2026-03-02") } });
    expect(scheduleOf(undefined, "2026-03-09")).toEqual({ kind: "marker", span: { start: d("2026-03-09"), end: d("2026-03-09") } });
  });

  it("is unscheduled without dates (or with values that are no dates)", () => {
    expect(scheduleOf(null, null)).toEqual({ kind: "none" });
    expect(scheduleOf("soon", 5)).toEqual({ kind: "none" });
  });

  it("still shows dates stored in the wrong order, over the days they enclose", () => {
    expect(scheduleOf("2026-03-06", "2026-03-02")).toEqual({ kind: "bar", span: { start: d("2026-03-02"), end: d("2026-03-06") } });
  });

  it("schedules an unscheduled task from today for a week", () => {
    const today = d("2026-03-04");
    expect(defaultSchedule(today)).toEqual({ start: today, end: d("2026-03-11") });
  });
});

describe("timeline geometry", () => {
  const origin = d("2026-03-02");

  it("places a day at whole day widths from the first day, and reads it back from any pixel inside it", () => {
    for (const zoom of ["week", "month", "quarter"] as const) {
      const w = DAY_WIDTH[zoom];
      expect(xOfDay(origin, origin, zoom)).toBe(0);
      expect(xOfDay(origin + 10, origin, zoom)).toBe(10 * w);
      expect(dayAtX(10 * w, origin, zoom)).toBe(origin + 10);
      expect(dayAtX(10 * w + w - 0.5, origin, zoom)).toBe(origin + 10);
      expect(dayAtX(-1, origin, zoom)).toBe(origin - 1);
    }
  });

  it("draws a bar from the left edge of its first day to the right edge of its last", () => {
    expect(barGeometry({ start: origin + 2, end: origin + 4 }, origin, "week")).toEqual({ left: 2 * DAY_WIDTH.week, width: 3 * DAY_WIDTH.week });
    // A one-day task is one day wide.
    expect(barGeometry({ start: origin, end: origin }, origin, "quarter").width).toBe(DAY_WIDTH.quarter);
  });

  it("scales days smaller as the zoom goes from week to month to quarter", () => {
    expect(DAY_WIDTH.week).toBeGreaterThan(DAY_WIDTH.month);
    expect(DAY_WIDTH.month).toBeGreaterThan(DAY_WIDTH.quarter);
  });

  it("turns a pointer movement into the nearest whole number of days at each zoom", () => {
    expect(daysFromPixels(3 * DAY_WIDTH.week, "week")).toBe(3);
    expect(daysFromPixels(3 * DAY_WIDTH.week + DAY_WIDTH.week * 0.4, "week")).toBe(3);
    expect(daysFromPixels(-2 * DAY_WIDTH.month - 2, "month")).toBe(-2);
    expect(daysFromPixels(DAY_WIDTH.quarter * 0.49, "quarter")).toBe(0);
    expect(Object.is(daysFromPixels(-1, "week"), -0)).toBe(false);
    // The same movement means more days when zoomed out.
    expect(daysFromPixels(100, "quarter")).toBeGreaterThan(daysFromPixels(100, "week"));
  });

  it("covers every task and today, with whole weeks (week and month zoom) or whole months (quarter)", () => {
    const today = d("2026-03-04");
    const spans = [{ start: d("2026-04-10"), end: d("2026-05-20") }];
    for (const zoom of ["week", "month"] as const) {
      const range = timelineRange(spans, today, zoom);
      expect(range.start).toBeLessThanOrEqual(today);
      expect(range.end).toBeGreaterThanOrEqual(d("2026-05-20"));
      expect(weekStart(range.start)).toBe(range.start);
      expect(weekStart(range.end + 1)).toBe(range.end + 1);
    }
    const quarter = timelineRange(spans, today, "quarter");
    expect(monthStart(quarter.start)).toBe(quarter.start);
    expect(monthStart(quarter.end + 1)).toBe(quarter.end + 1);
    expect(quarter.start).toBeLessThan(today);
  });

  it("covers today alone when nothing is scheduled", () => {
    const today = d("2026-03-04");
    const range = timelineRange([], today, "month");
    expect(range.start).toBeLessThan(today);
    expect(range.end).toBeGreaterThan(today);
  });

  it("splits the header into units clipped to the range", () => {
    const range = { start: d("2026-03-02"), end: d("2026-05-10") };
    const months = headerCells(range, "month");
    expect(months.map((m) => [formatDay(m.start), formatDay(m.end)])).toEqual([
      ["2026-03-02", "2026-03-31"],
      ["2026-04-01", "2026-04-30"],
      ["2026-05-01", "2026-05-10"],
    ]);
    const weeks = headerCells(range, "week");
    expect(weeks).toHaveLength(10);
    expect(weeks.every((w) => w.end - w.start === 6)).toBe(true);
    expect(headerCells(range, "day")).toHaveLength(range.end - range.start + 1);
    expect(headerCells({ start: d("2026-02-01"), end: d("2026-07-31") }, "quarter").map((q) => formatDay(q.start))).toEqual(["2026-02-01", "2026-04-01", "2026-07-01"]);
  });
});

describe("changing dates by dragging or with keys", () => {
  const span = { start: d("2026-03-02"), end: d("2026-03-06") };

  it("moves both dates by whole days, later or earlier, keeping the length", () => {
    expect(moveSpan(span, 3)).toEqual({ start: d("2026-03-05"), end: d("2026-03-09") });
    expect(moveSpan(span, -5)).toEqual({ start: d("2026-02-25"), end: d("2026-03-01") });
    expect(moveSpan(span, 2.7)).toEqual(moveSpan(span, 2));
  });

  it("moves only the dragged edge when resizing", () => {
    expect(resizeSpan(span, "end", 2)).toEqual({ start: span.start, end: d("2026-03-08") });
    expect(resizeSpan(span, "start", -2)).toEqual({ start: d("2026-02-28"), end: span.end });
  });

  it("never lets an edge pass the other: the shortest task is one day", () => {
    expect(resizeSpan(span, "end", -10)).toEqual({ start: span.start, end: span.start });
    expect(resizeSpan(span, "start", 10)).toEqual({ start: span.end, end: span.end });
    expect(resizeSpan(span, "start", 4)).toEqual({ start: span.end, end: span.end });
  });
});

describe("grouping the rows", () => {
  const task = (guid: string, values: Partial<RoadmapTask> = {}): RoadmapTask => ({
    guid,
    start: "2026-03-02",
    end: "2026-03-06",
    epic: null,
    sprint: null,
    isEpic: false,
    ...values,
  });
  const epicA = task("A", { isEpic: true, start: "2026-03-01", end: "2026-04-30" });
  const epicB = task("B", { isEpic: true, start: null, end: null });
  const sprints = [
    { guid: "backlog", backlog: true, start_date: null, end_date: null },
    { guid: "s1", backlog: false, start_date: "2026-03-02", end_date: "2026-03-13" },
    { guid: "s2", backlog: false, start_date: null, end_date: null },
  ];

  it("groups by epic, the epic's own row first, tasks without a known epic last", () => {
    const tasks = [task("t1", { epic: "A" }), epicA, task("t2", { epic: "B", start: "2026-03-10", end: null }), task("t3"), task("t4", { epic: "gone" }), epicB];
    const { groups, unscheduled } = groupRoadmap(tasks, "epic", { epics: [epicA, epicB], sprints });
    expect(groups.map((g) => [g.id, g.rows.map((r) => r.task.guid)])).toEqual([
      ["A", ["A", "t1"]],
      ["B", ["t2"]],
      ["none", ["t3", "t4"]],
    ]);
    expect(unscheduled.map((t) => t.guid)).toEqual(["B"]);
    // An epic's own dates are its span; without them, the days its tasks cover.
    expect(groups[0]!.span).toEqual({ start: d("2026-03-01"), end: d("2026-04-30") });
    expect(groups[1]!.span).toEqual({ start: d("2026-03-10"), end: d("2026-03-10") });
    expect(groups[1]!.rows[0]!.marker).toBe(true);
  });

  it("groups by sprint in board order with the sprint's dates, the backlog and unknown sprints last", () => {
    const tasks = [task("t1", { sprint: "s1" }), task("t2", { sprint: "backlog" }), task("t3", { sprint: "s2" }), task("t4", { sprint: "archived" }), task("t5", { sprint: "s1", start: null, end: null })];
    const { groups, unscheduled } = groupRoadmap(tasks, "sprint", { epics: [], sprints });
    expect(groups.map((g) => [g.id, g.rows.map((r) => r.task.guid)])).toEqual([
      ["s1", ["t1"]],
      ["s2", ["t3"]],
      ["none", ["t2", "t4"]],
    ]);
    expect(groups[0]!.span).toEqual({ start: d("2026-03-02"), end: d("2026-03-13") });
    expect(groups[1]!.span).toBeNull();
    expect(unscheduled.map((t) => t.guid)).toEqual(["t5"]);
  });

  it("shows a sprint with dates even before it has scheduled tasks, and hides an empty one without dates", () => {
    const { groups } = groupRoadmap([], "sprint", { epics: [], sprints });
    expect(groups.map((g) => g.id)).toEqual(["s1"]);
  });
});
