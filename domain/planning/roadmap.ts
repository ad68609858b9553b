/**
 * The roadmap's rules: calendar days, where a day sits on the timeline at each zoom, how a
 * drag or a key press changes a task's dates, and which group a task's row belongs to. Pure:
 * the view and its tests share them.
 *
 * A day is a whole number counting calendar days from 1970-01-01. Dates are stored as
 * "YYYY-MM-DD" without a time zone, so the arithmetic is done on the UTC calendar, where every
 * day has 24 hours (no daylight-saving jumps).
 */

export type Day = number;
const MS_PER_DAY = 86_400_000;

export const ZOOMS = ["week", "month", "quarter"] as const;
export type Zoom = (typeof ZOOMS)[number];
export const isZoom = (value: unknown): value is Zoom => (ZOOMS as readonly unknown[]).includes(value);

/** Pixels per day: a week fills a laptop screen, a month a few screens, a quarter one screen. */
export const DAY_WIDTH: Record<Zoom, number> = { week: 44, month: 16, quarter: 5 };

/** How a new schedule (the "schedule" button) is sized: today and the seven days after it. */
export const DEFAULT_SCHEDULE_DAYS = 7;

/** Reads a date field's value: "YYYY-MM-DD" or an ISO date-time (its calendar day); else null. */
export function parseDay(value: unknown): Day | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // 2026-02-30 would roll over into March: such a value is no date at all.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / MS_PER_DAY;
}

/** The "YYYY-MM-DD" of a day. */
export function formatDay(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The viewer's calendar day at the given moment (their own time zone). */
export function localDay(now: Date): Day {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / MS_PER_DAY;
}

/** A `Date` at midnight UTC of the day, for formatting with `timeZone: "UTC"`. */
export const dateOfDay = (day: Day) => new Date(day * MS_PER_DAY);

/** The Monday on or before a day (weeks start on Monday, ISO 8601). */
export function weekStart(day: Day): Day {
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counting Monday as 0.
  const weekday = (((day + 3) % 7) + 7) % 7;
  return day - weekday;
}

/** The first day of the month a day is in. */
export function monthStart(day: Day): Day {
  const d = dateOfDay(day);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / MS_PER_DAY;
}

/** The first day of the month `n` months after the month of `day`. */
export function addMonths(day: Day, n: number): Day {
  const d = dateOfDay(day);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) / MS_PER_DAY;
}

/** Saturday or Sunday. */
export const isWeekend = (day: Day) => day - weekStart(day) >= 5;

/** An inclusive range of days; `start <= end` always holds. */
export interface Span {
  start: Day;
  end: Day;
}

/**
 * What a task shows on the timeline: a bar from its two dates, a one-day marker when it has
 * only one of them, or nothing (it is unscheduled). Dates in the wrong order still make a bar,
 * over the days they enclose.
 */
export type Schedule = { kind: "bar"; span: Span } | { kind: "marker"; span: Span } | { kind: "none" };

export function scheduleOf(startValue: unknown, endValue: unknown): Schedule {
  const start = parseDay(startValue);
  const end = parseDay(endValue);
  if (start !== null && end !== null) return { kind: "bar", span: { start: Math.min(start, end), end: Math.max(start, end) } };
  const one = start ?? end;
  return one === null ? { kind: "none" } : { kind: "marker", span: { start: one, end: one } };
}

/** Both dates shifted by whole days (negative moves earlier). */
export function moveSpan(span: Span, days: number): Span {
  const n = Math.trunc(days);
  return { start: span.start + n, end: span.end + n };
}

/**
 * One edge moved by whole days. An edge cannot pass the other: the shortest task is one day
 * (start = end).
 */
export function resizeSpan(span: Span, edge: "start" | "end", days: number): Span {
  const n = Math.trunc(days);
  return edge === "start" ? { start: Math.min(span.start + n, span.end), end: span.end } : { start: span.start, end: Math.max(span.end + n, span.start) };
}

/** How many whole days a horizontal pointer movement means at a zoom (nearest day). */
export function daysFromPixels(dx: number, zoom: Zoom): number {
  const days = Math.round(dx / DAY_WIDTH[zoom]);
  return days === 0 ? 0 : days; // no -0
}

/** The left edge of a day, in pixels from the timeline's first day. */
export const xOfDay = (day: Day, origin: Day, zoom: Zoom) => (day - origin) * DAY_WIDTH[zoom];

/** The day under a pixel offset from the timeline's first day. */
export const dayAtX = (x: number, origin: Day, zoom: Zoom): Day => origin + Math.floor(x / DAY_WIDTH[zoom]);

/** Where a span's bar sits: from the left edge of its first day to the right edge of its last. */
export function barGeometry(span: Span, origin: Day, zoom: Zoom): { left: number; width: number } {
  return { left: xOfDay(span.start, origin, zoom), width: (span.end - span.start + 1) * DAY_WIDTH[zoom] };
}

/** The schedule the "schedule" button gives an unscheduled task. */
export const defaultSchedule = (today: Day): Span => ({ start: today, end: today + DEFAULT_SCHEDULE_DAYS });

/** The smallest span holding all the given ones, or null for none. */
export function unionSpan(spans: readonly (Span | null | undefined)[]): Span | null {
  const present = spans.filter((s): s is Span => Boolean(s));
  if (present.length === 0) return null;
  return { start: Math.min(...present.map((s) => s.start)), end: Math.max(...present.map((s) => s.end)) };
}

/** Days of context kept before and after everything shown, per zoom. */
const PADDING: Record<Zoom, { before: number; after: number }> = {
  week: { before: 14, after: 28 },
  month: { before: 30, after: 60 },
  quarter: { before: 60, after: 120 },
};

/**
 * The days the timeline covers: every given span and today, with some room on both sides,
 * starting on a Monday (week and month zoom) or the first of a month (quarter zoom) and ending
 * on the day before such a boundary, so the header's units are whole.
 */
export function timelineRange(spans: readonly Span[], today: Day, zoom: Zoom): Span {
  const all = unionSpan([...spans, { start: today, end: today }])!;
  const pad = PADDING[zoom];
  const from = all.start - pad.before;
  const to = all.end + pad.after;
  if (zoom === "quarter") return { start: monthStart(from), end: addMonths(to, 1) - 1 };
  return { start: weekStart(from), end: weekStart(to) + 6 };
}

export type HeaderUnit = "day" | "week" | "month" | "quarter";

/** The header's two rows at each zoom: the coarse unit above, the fine one below. */
export const HEADER_UNITS: Record<Zoom, { major: HeaderUnit; minor: HeaderUnit }> = {
  week: { major: "month", minor: "day" },
  month: { major: "month", minor: "week" },
  quarter: { major: "quarter", minor: "month" },
};

/** The next boundary of a unit after the one that holds `day`. */
function nextBoundary(day: Day, unit: HeaderUnit): Day {
  switch (unit) {
    case "day":
      return day + 1;
    case "week":
      return weekStart(day) + 7;
    case "month":
      return addMonths(day, 1);
    case "quarter": {
      const month = dateOfDay(day).getUTCMonth();
      return addMonths(day, 3 - (month % 3));
    }
  }
}

/** The units of one header row covering a range, each clipped to it (first and last may be partial). */
export function headerCells(range: Span, unit: HeaderUnit): Span[] {
  const cells: Span[] = [];
  for (let start = range.start; start <= range.end; ) {
    const next = nextBoundary(start, unit);
    cells.push({ start, end: Math.min(next - 1, range.end) });
    start = next;
  }
  return cells;
}

/** A task as the roadmap groups it: its dates and the epic and sprint it names. */
export interface RoadmapTask {
  guid: string;
  start: unknown;
  end: unknown;
  /** The epic task this task belongs to (the `epic` field). */
  epic: string | null;
  /** The sprint named by the task's `sprint` field. */
  sprint: string | null;
  /** The task is itself an epic (its issue type is the epic type). */
  isEpic: boolean;
}

export interface RoadmapSprint {
  guid: string;
  start_date: string | null;
  end_date: string | null;
  backlog: boolean;
}

export type GroupBy = "epic" | "sprint";
export const isGroupBy = (value: unknown): value is GroupBy => value === "epic" || value === "sprint";

export interface RoadmapRow<T extends RoadmapTask> {
  task: T;
  span: Span;
  marker: boolean;
}

export interface RoadmapGroup<T extends RoadmapTask> {
  /** An epic's or sprint's guid, or "none" for tasks with neither. */
  id: string;
  kind: "epic" | "sprint" | "none";
  /**
   * What the header shows: a sprint's dates, an epic's own dates (else the days its tasks
   * cover), or for "none" the days its tasks cover.
   */
  span: Span | null;
  rows: RoadmapRow<T>[];
}

/**
 * Splits tasks into groups (by epic or by sprint, the order given: epics as on the epic lane,
 * sprints as on the board) and the unscheduled ones. In epic grouping an epic's own row opens
 * its group; a task naming no epic, or one that is not on the epic lane, goes to "none", which
 * comes last. In sprint grouping the backlog and unknown sprints are "none". A group is shown
 * when it has rows or dates of its own.
 */
export function groupRoadmap<T extends RoadmapTask>(
  tasks: readonly T[],
  by: GroupBy,
  order: { epics: readonly T[]; sprints: readonly RoadmapSprint[] },
): { groups: RoadmapGroup<T>[]; unscheduled: T[] } {
  const unscheduled: T[] = [];
  const rowsOf = new Map<string, RoadmapRow<T>[]>();
  const epicIds = new Set(order.epics.map((e) => e.guid));
  const sprintIds = new Set(order.sprints.filter((s) => !s.backlog).map((s) => s.guid));
  const keyOf = (task: T): string => {
    if (by === "epic") {
      if (task.isEpic && epicIds.has(task.guid)) return task.guid;
      return task.epic && epicIds.has(task.epic) ? task.epic : "none";
    }
    return task.sprint && sprintIds.has(task.sprint) ? task.sprint : "none";
  };
  for (const task of tasks) {
    const schedule = scheduleOf(task.start, task.end);
    if (schedule.kind === "none") {
      unscheduled.push(task);
      continue;
    }
    const key = keyOf(task);
    const list = rowsOf.get(key) ?? [];
    const row = { task, span: schedule.span, marker: schedule.kind === "marker" };
    // An epic's own row leads its group.
    if (by === "epic" && key === task.guid) list.unshift(row);
    else list.push(row);
    rowsOf.set(key, list);
  }
  const groups: RoadmapGroup<T>[] = [];
  const push = (group: RoadmapGroup<T>) => {
    if (group.rows.length > 0 || group.span) groups.push(group);
  };
  if (by === "epic") {
    for (const epic of order.epics) {
      const rows = rowsOf.get(epic.guid) ?? [];
      const own = scheduleOf(epic.start, epic.end);
      push({ id: epic.guid, kind: "epic", span: own.kind === "none" ? unionSpan(rows.map((r) => r.span)) : own.span, rows });
    }
  } else {
    for (const sprint of order.sprints) {
      if (sprint.backlog) continue;
      const own = scheduleOf(sprint.start_date, sprint.end_date);
      push({ id: sprint.guid, kind: "sprint", span: own.kind === "none" ? null : own.span, rows: rowsOf.get(sprint.guid) ?? [] });
    }
  }
  const rest = rowsOf.get("none") ?? [];
  if (rest.length > 0) groups.push({ id: "none", kind: "none", span: unionSpan(rest.map((r) => r.span)), rows: rest });
  return { groups, unscheduled };
}
