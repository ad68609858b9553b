/**
 * A project's statistics: the burndown of one sprint (rebuilt from the activity log), tasks
 * per status and per assignee, and the estimate of every sprint, done and not done. Epics are
 * containers of work, not work: they are left out of every figure.
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import type { TFunction } from "i18next";
import { optionLabel } from "../../domain/fields/types";
import {
  type BurndownDay,
  type BurndownTask,
  type Tracked,
  type TrackedValues,
  type ValueChange,
  burndown,
  createdDetail,
  readDetail,
  updatedDetail,
  valuesBeforeDeletion,
} from "../../domain/stats/burndown";
import { type LoopFigures, completedSprints, loopFigures, seedOf } from "../../domain/planning/capacity";
import { type Db, inSlices } from "../db/client";
import { activity, fieldDefinitions, fieldValues, tasks, users, type Sprint } from "../db/schema";
import { ensureSystemFields, optionsOf } from "./field-definitions";
import { allSprints, findSprint } from "./sprints";
import type { SprintView } from "./sprints";
import { notDeleted } from "./task-filter";

export interface StatusCount {
  /** The status option, or null for tasks without a (known) status. */
  guid: string | null;
  label: string | null;
  color: string | null;
  /** This option is the one whose key is "done". */
  done: boolean;
  count: number;
}

export interface AssigneeCount {
  /** The person's user guid, or null for tasks nobody is assigned to. */
  guid: string | null;
  name: string | null;
  color: string | null;
  count: number;
}

export interface SprintTotals {
  guid: string;
  title: string;
  status: string;
  archived: boolean;
  /** Sum of the estimates of the sprint's tasks whose status is done. */
  done: number;
  not_done: number;
  done_tasks: number;
  not_done_tasks: number;
}

export interface StatsView {
  /** Sprints one may pick (all but the backlog, archived last). */
  sprints: SprintView[];
  /** The sprint of the burndown: the one asked for, else the active one, else the next planned one with dates. */
  sprint: SprintView | null;
  /** A point per sprint day; null when there is no sprint or it has no dates. */
  burndown: BurndownDay[] | null;
  by_status: StatusCount[];
  by_assignee: AssigneeCount[];
  by_sprint: SprintTotals[];
  /** Velocity of the completed sprints and the forecast of the open work (domain/planning/capacity). */
  loop: LoopFigures;
}

const TRACKED: Tracked[] = ["status", "estimate", "sprint"];
const SLUGS = ["status", "estimate", "sprint", "participants", "issue_type"] as const;

/** The sprint shown when none is asked for: the active one, else the next planned one with dates. */
function defaultSprint(sprints: SprintView[]): SprintView | null {
  const open = sprints.filter((s) => !s.backlog && !s.archived);
  const active = open.find((s) => s.status === "active");
  if (active) return active;
  const planned = open.filter((s) => s.status === "planned" && s.start_date && s.end_date);
  planned.sort((a, b) => a.start_date!.localeCompare(b.start_date!) || a.sort - b.sort);
  return planned[0] ?? null;
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A damaged value reads as empty, as everywhere else.
    return null;
  }
}

/**
 * Everything the stats page shows. `sprintId` picks the burndown's sprint; one that is not in
 * the project is `sprint_not_found`.
 */
export async function projectStats(
  db: Db,
  projectId: string,
  sprintId: string | undefined,
  t: TFunction,
  now = Date.now(),
): Promise<{ ok: true; stats: StatsView } | { ok: false; reason: "sprint_not_found" }> {
  let asked: Sprint | undefined;
  if (sprintId) {
    asked = await findSprint(db, projectId, sprintId);
    if (!asked) return { ok: false, reason: "sprint_not_found" };
  }
  await ensureSystemFields(db, projectId, t);
  const [sprintList, definitions, taskRows] = await Promise.all([
    allSprints(db, projectId, t),
    db.select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, projectId), inArray(fieldDefinitions.slug, [...SLUGS]))),
    db.select({ id: tasks.id, createdAt: tasks.createdAt }).from(tasks).where(and(eq(tasks.projectId, projectId), notDeleted)),
  ]);
  const field = Object.fromEntries(SLUGS.map((slug) => [slug, definitions.find((d) => d.slug === slug)])) as Record<(typeof SLUGS)[number], (typeof definitions)[number] | undefined>;
  const statusOptions = field.status ? optionsOf(field.status) : [];
  const doneStatuses = new Set(statusOptions.filter((o) => o.key === "done").map((o) => o.guid));
  const epicType = field.issue_type ? optionsOf(field.issue_type).find((o) => o.key === "epic")?.guid : undefined;

  const fieldIds = definitions.map((d) => d.id);
  const valueRows = fieldIds.length
    ? await db
        .select({ fieldId: fieldValues.fieldId, entityId: fieldValues.entityId, value: fieldValues.value })
        .from(fieldValues)
        .where(and(eq(fieldValues.projectId, projectId), eq(fieldValues.entityKind, "issue"), eq(fieldValues.participantValue, ""), inArray(fieldValues.fieldId, fieldIds)))
    : [];
  const slugOfField = new Map(definitions.map((d) => [d.id, d.slug as (typeof SLUGS)[number]]));
  const values = new Map<string, Partial<Record<(typeof SLUGS)[number], unknown>>>();
  for (const row of valueRows) {
    const slug = slugOfField.get(row.fieldId);
    if (!slug) continue;
    const entry = values.get(row.entityId) ?? {};
    entry[slug] = parseValue(row.value);
    values.set(row.entityId, entry);
  }
  const work = taskRows.filter((task) => !(epicType && values.get(task.id)?.issue_type === epicType));
  const isDone = (status: unknown) => typeof status === "string" && doneStatuses.has(status);

  // Tasks per status, in the options' order; unknown or missing statuses together.
  const statusCounts = new Map<string | null, number>();
  for (const task of work) {
    const status = values.get(task.id)?.status;
    const key = typeof status === "string" && statusOptions.some((o) => o.guid === status) ? status : null;
    statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
  }
  const by_status: StatusCount[] = statusOptions.map((o) => ({ guid: o.guid, label: optionLabel(o), color: o.color, done: doneStatuses.has(o.guid), count: statusCounts.get(o.guid) ?? 0 }));
  if (statusCounts.get(null)) by_status.push({ guid: null, label: null, color: null, done: false, count: statusCounts.get(null)! });

  // Tasks per assignee: a task with two people counts for both.
  const assigneeCounts = new Map<string | null, number>();
  for (const task of work) {
    const people = values.get(task.id)?.participants;
    const list = Array.isArray(people) ? [...new Set(people.filter((p): p is string => typeof p === "string"))] : [];
    for (const person of list.length ? list : [null]) assigneeCounts.set(person, (assigneeCounts.get(person) ?? 0) + 1);
  }
  const people = [...assigneeCounts.keys()].filter((k): k is string => k !== null);
  const userRows = await inSlices(people, (slice) => db.select({ id: users.id, name: users.name, color: users.color }).from(users).where(inArray(users.id, slice)));
  const userById = new Map(userRows.map((u) => [u.id, u]));
  const by_assignee: AssigneeCount[] = people
    .map((id) => ({ guid: id, name: userById.get(id)?.name ?? null, color: userById.get(id)?.color ?? null, count: assigneeCounts.get(id)! }))
    .sort((a, b) => b.count - a.count || (a.name ?? "").localeCompare(b.name ?? ""));
  if (assigneeCounts.get(null)) by_assignee.push({ guid: null, name: null, color: null, count: assigneeCounts.get(null)! });

  // Estimate per sprint, done and not done.
  const pickable = sprintList.filter((s) => !s.backlog);
  const totals = new Map(pickable.map((s) => [s.guid, { done: 0, not_done: 0, done_tasks: 0, not_done_tasks: 0 }]));
  for (const task of work) {
    const v = values.get(task.id);
    const entry = typeof v?.sprint === "string" ? totals.get(v.sprint) : undefined;
    if (!entry) continue;
    const estimate = typeof v?.estimate === "number" && Number.isFinite(v.estimate) ? v.estimate : 0;
    if (isDone(v?.status)) {
      entry.done += estimate;
      entry.done_tasks += 1;
    } else {
      entry.not_done += estimate;
      entry.not_done_tasks += 1;
    }
  }
  const by_sprint: SprintTotals[] = pickable.map((s) => ({ guid: s.guid, title: s.title, status: s.status, archived: s.archived, ...totals.get(s.guid)! }));

  // The open work: every task not done, wherever it is; completed sprints hold only done work.
  let remaining = 0;
  let unestimated = 0;
  for (const task of work) {
    const v = values.get(task.id);
    if (isDone(v?.status)) continue;
    if (typeof v?.estimate === "number" && Number.isFinite(v.estimate)) remaining += v.estimate;
    else unestimated += 1;
  }
  const completed = completedSprints(
    pickable,
    work.map((task) => {
      const v = values.get(task.id);
      return { sprint: typeof v?.sprint === "string" ? v.sprint : null, done: isDone(v?.status), estimate: typeof v?.estimate === "number" && Number.isFinite(v.estimate) ? v.estimate : null };
    }),
  );
  const loop = loopFigures({ completed, remaining, unestimated, today: new Date(now).toISOString().slice(0, 10), seed: seedOf(projectId), sprints: pickable });

  const sprint = asked ? (sprintList.find((s) => s.guid === asked.id) ?? null) : defaultSprint(sprintList);
  let days: BurndownDay[] | null = null;
  if (sprint && sprint.start_date && sprint.end_date) {
    const trackedField = new Map<string, Tracked>(TRACKED.flatMap((slug) => (field[slug] ? [[field[slug]!.id, slug] as const] : [])));
    const history = await burndownHistory(db, projectId, Date.parse(`${sprint.start_date}T00:00:00Z`), trackedField);
    const current: BurndownTask[] = work.map((task) => ({
      guid: task.id,
      createdAt: history.createdAt.get(task.id) ?? task.createdAt,
      values: { status: values.get(task.id)?.status ?? null, estimate: values.get(task.id)?.estimate ?? null, sprint: values.get(task.id)?.sprint ?? null },
    }));
    const known = new Set(taskRows.map((task) => task.id));
    const gone: BurndownTask[] = [...history.deleted]
      .filter(([id, deleted]) => !known.has(id) && !(epicType && deleted.created.issue_type === epicType))
      .map(([id, deleted]) => ({
        guid: id,
        createdAt: history.createdAt.get(id) ?? -Infinity,
        deletedAt: deleted.at,
        values: valuesBeforeDeletion(deleted.created, history.changes.filter((c) => c.task === id)),
      }));
    days = burndown({ sprint: sprint.guid, start: sprint.start_date, end: sprint.end_date, now, done: doneStatuses, tasks: [...current, ...gone], changes: history.changes });
  }
  return { ok: true, stats: { sprints: pickable, sprint, burndown: days, by_status, by_assignee, by_sprint, loop } };
}

/**
 * What the activity log says happened to tasks since `since`: the changes of tracked values,
 * when tasks were created, and the tasks deleted (with the values they were created with,
 * read from their whole history, so their last values can be rebuilt).
 */
async function burndownHistory(db: Db, projectId: string, since: number, trackedField: Map<string, Tracked>) {
  const rows = await db
    .select()
    .from(activity)
    .where(and(eq(activity.projectId, projectId), eq(activity.entityKind, "issue"), inArray(activity.action, ["created", "updated", "deleted", "restored"]), gte(activity.createdAt, since)));
  // A task deleted and then restored (Undo) is not gone: the later of the two entries decides.
  const deletedAt = new Map<string, number>();
  for (const r of rows.filter((r) => r.action === "deleted" || r.action === "restored").sort((a, b) => a.createdAt - b.createdAt)) {
    if (r.action === "deleted") deletedAt.set(r.entityId, r.createdAt);
    else deletedAt.delete(r.entityId);
  }
  // A deleted task's earlier history, for the values it had when it went.
  const earlier = deletedAt.size
    ? await inSlices([...deletedAt.keys()], (slice) =>
        db
          .select()
          .from(activity)
          .where(and(eq(activity.projectId, projectId), eq(activity.entityKind, "issue"), inArray(activity.action, ["created", "updated"]), inArray(activity.entityId, slice))),
      )
    : [];
  const all = new Map([...rows, ...earlier].map((r) => [r.id, r]));
  // By field guid; by slug too, as system slugs are unique in a project.
  const trackedOf = (change: { field: string; slug?: string | null }): Tracked | undefined =>
    trackedField.get(change.field) ?? TRACKED.find((slug) => slug === change.slug);

  const changes: ValueChange[] = [];
  const createdAt = new Map<string, number>();
  const createdValues = new Map<string, Partial<TrackedValues & { issue_type: unknown }>>();
  for (const row of all.values()) {
    if (row.action === "updated") {
      const detail = readDetail(updatedDetail, row.detail);
      for (const change of detail?.changes ?? []) {
        const tracked = trackedOf(change);
        if (tracked) changes.push({ task: row.entityId, at: row.createdAt, field: tracked, from: change.from ?? null, to: change.to ?? null });
      }
    } else if (row.action === "created") {
      createdAt.set(row.entityId, Math.min(row.createdAt, createdAt.get(row.entityId) ?? Infinity));
      const detail = readDetail(createdDetail, row.detail);
      const initial: Partial<TrackedValues & { issue_type: unknown }> = {};
      for (const value of detail?.values ?? []) {
        const tracked = trackedOf(value);
        if (tracked) initial[tracked] = value.value ?? null;
        if (value.slug === "issue_type") initial.issue_type = value.value;
      }
      createdValues.set(row.entityId, initial);
    }
  }
  // Changes older than the window are never undone (every point is later); they only serve
  // to rebuild the last values of deleted tasks.
  const deleted = new Map([...deletedAt].map(([id, at]) => [id, { at, created: createdValues.get(id) ?? {} }]));
  return { changes, createdAt, deleted };
}
