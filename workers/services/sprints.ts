/** Sprints of a project; the backlog is the first one and always exists. */
import { and, asc, eq, inArray, max } from "drizzle-orm";
import type { TFunction } from "i18next";
import { sprintChanges } from "../../domain/planning/activity";
import { appendArchived } from "../../domain/planning/placement";
import { type Db, inSlices } from "../db/client";
import type { Availability } from "../../domain/planning/capacity";
import { participants, sprints, type Sprint } from "../db/schema";
import { activityStatements } from "./activity";
import { newGuid } from "./ids";

export interface SprintView {
  guid: string;
  title: string;
  backlog: boolean;
  sort: number;
  goal: string;
  start_date: string | null;
  end_date: string | null;
  status: string;
  archived: boolean;
  /** What the sprint can hold in the estimate field's unit (null: not planned) and who gives it time. */
  capacity: number | null;
  availability: { user: string; share: number; days_off: number }[];
}

export const sprintView = (s: Sprint, t?: TFunction): SprintView => ({
  guid: s.id,
  title: s.isBacklog && t ? t("projects:planning.backlog") : s.title,
  backlog: s.isBacklog,
  sort: s.sort,
  goal: s.goal,
  start_date: s.startDate,
  end_date: s.endDate,
  status: s.status,
  archived: s.archived,
  capacity: s.capacity,
  availability: s.availability,
});

/** The project's backlog, created on first use. */
export async function ensureBacklog(db: Db, projectId: string): Promise<Sprint> {
  const found = await db.select().from(sprints).where(and(eq(sprints.projectId, projectId), eq(sprints.isBacklog, true))).get();
  if (found) return found;
  await db.insert(sprints).values({ id: newGuid(), projectId, title: "Backlog", isBacklog: true, sort: 0 }).onConflictDoNothing();
  return (await db.select().from(sprints).where(and(eq(sprints.projectId, projectId), eq(sprints.isBacklog, true))).get())!;
}

/** Sprints on the board: the backlog first, then the others by order; archived ones left out. */
/** The sprints that are not archived, by order, as `boardSprints` reads them (for a batch). */
export function boardSprintRowsQuery(db: Db, projectId: string) {
  return db.select().from(sprints).where(and(eq(sprints.projectId, projectId), eq(sprints.archived, false))).orderBy(asc(sprints.sort), asc(sprints.createdAt));
}

/** Those rows with the backlog first, or null while the project has no backlog yet. */
export function backlogFirst(rows: readonly Sprint[]): Sprint[] | null {
  if (!rows.some((s) => s.isBacklog)) return null;
  return [...rows.filter((s) => s.isBacklog), ...rows.filter((s) => !s.isBacklog)];
}

export async function boardSprints(db: Db, projectId: string): Promise<Sprint[]> {
  // One D1 call once the backlog exists (the backlog is never archived, so it is among these).
  const placed = backlogFirst(await boardSprintRowsQuery(db, projectId));
  if (placed) return placed;
  await ensureBacklog(db, projectId);
  return backlogFirst(await boardSprintRowsQuery(db, projectId)) ?? [];
}

/** The archived sprints by order (a query: awaiting it reads them, a batch may carry it). */
export function archivedSprints(db: Db, projectId: string) {
  return db.select().from(sprints).where(and(eq(sprints.projectId, projectId), eq(sprints.archived, true))).orderBy(asc(sprints.sort));
}

/** The completed sprints, archived or not: what velocity is learnt from (a query, as above). */
export function completedSprintRows(db: Db, projectId: string) {
  return db.select().from(sprints).where(and(eq(sprints.projectId, projectId), eq(sprints.status, "completed"))).orderBy(asc(sprints.sort));
}

/** All sprints: the board's, then the archived ones appended without duplicates (spec §4). */
export async function allSprints(db: Db, projectId: string, t?: TFunction): Promise<SprintView[]> {
  const [board, archived] = await Promise.all([boardSprints(db, projectId), archivedSprints(db, projectId)]);
  return appendArchived(board.map((s) => sprintView(s, t)), archived.map((s) => sprintView(s, t)));
}

export function findSprint(db: Db, projectId: string, id: string) {
  return db.select().from(sprints).where(and(eq(sprints.projectId, projectId), eq(sprints.id, id))).get();
}

/** Whether everyone in a sprint's availability takes part in the project (an outsider is refused). */
export async function teamInProject(db: Db, projectId: string, availability: readonly Availability[] | undefined): Promise<boolean> {
  if (!availability || availability.length === 0) return true;
  const users = [...new Set(availability.map((a) => a.user))];
  // In slices: D1 binds at most 100 parameters, and a team may list up to SPRINT_TEAM_MAX people.
  const found = await inSlices(users, (slice) =>
    db
      .select({ user: participants.userId })
      .from(participants)
      .where(and(eq(participants.projectId, projectId), inArray(participants.userId, slice))),
  );
  return found.length === users.length;
}

/** Creates a sprint at the end of the board; its `created` log entry lands in the same batch. */
export async function createSprint(
  db: Db,
  projectId: string,
  input: { title: string; goal: string; start_date?: string | null; end_date?: string | null; capacity?: number | null; availability?: Availability[] },
  actorId: string | null = null,
): Promise<Sprint> {
  await ensureBacklog(db, projectId);
  const [{ top } = { top: 0 }] = await db.select({ top: max(sprints.sort) }).from(sprints).where(eq(sprints.projectId, projectId));
  const id = newGuid();
  const startDate = input.start_date ?? null;
  const endDate = input.end_date ?? null;
  const [rows] = await db.batch([
    db
      .insert(sprints)
      .values({ id, projectId, title: input.title, goal: input.goal, startDate, endDate, sort: (top ?? 0) + 1, capacity: input.capacity ?? null, availability: input.availability ?? [] })
      .returning(),
    ...activityStatements(db, [
      { projectId, actorId, entityKind: "sprint", entityId: id, action: "created", detail: { title: input.title, goal: input.goal, start_date: startDate, end_date: endDate } },
    ]),
  ]);
  return rows[0]!;
}

/** What an `updated` sprint entry lists; archiving and completing have entries of their own. */
const LOGGED_SPRINT_FIELDS = ["title", "goal", "start_date", "end_date", "status", "capacity"] as const;

/**
 * Changes a sprint. Its `updated` log entry (title, goal, dates, status: only what really
 * changed) lands in the same batch; pass `record: false` when the caller logs the change
 * itself (completing a sprint logs `completed`, archiving `archived`).
 */
export async function updateSprint(
  db: Db,
  sprint: Sprint,
  changes: {
    title?: string;
    goal?: string;
    start_date?: string | null;
    end_date?: string | null;
    status?: "planned" | "active" | "completed";
    archived?: boolean;
    sort?: number;
    capacity?: number | null;
    availability?: Availability[];
  },
  actorId: string | null = null,
  options: { record?: boolean } = {},
): Promise<{ ok: true; sprint: Sprint } | { ok: false; reason: string }> {
  if (sprint.isBacklog && (changes.archived || changes.status || changes.sort !== undefined)) return { ok: false, reason: "backlog_fixed" };
  const start = changes.start_date === undefined ? sprint.startDate : changes.start_date;
  const end = changes.end_date === undefined ? sprint.endDate : changes.end_date;
  if (start && end && start > end) return { ok: false, reason: "sprint_dates_order" };
  const logged = sprintChanges(
    { title: sprint.title, goal: sprint.goal, start_date: sprint.startDate, end_date: sprint.endDate, status: sprint.status, capacity: sprint.capacity },
    changes,
    LOGGED_SPRINT_FIELDS,
  );
  const set = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.goal !== undefined ? { goal: changes.goal } : {}),
    ...(changes.start_date !== undefined ? { startDate: changes.start_date } : {}),
    ...(changes.end_date !== undefined ? { endDate: changes.end_date } : {}),
    ...(changes.status !== undefined ? { status: changes.status } : {}),
    ...(changes.archived !== undefined ? { archived: changes.archived } : {}),
    ...(changes.sort !== undefined ? { sort: changes.sort } : {}),
    ...(changes.capacity !== undefined ? { capacity: changes.capacity } : {}),
    ...(changes.availability !== undefined ? { availability: changes.availability } : {}),
  };
  // Nothing to change is a no-op, not an UPDATE without columns (drizzle throws on that).
  if (Object.keys(set).length === 0) return { ok: true, sprint };
  const update = db
    .update(sprints)
    .set(set)
    .where(eq(sprints.id, sprint.id))
    .returning();
  const title = changes.title ?? sprint.title;
  const [rows] = await db.batch([
    update,
    ...(options.record !== false && logged.length > 0
      ? activityStatements(db, [{ projectId: sprint.projectId, actorId, entityKind: "sprint", entityId: sprint.id, action: "updated", detail: { title, changes: logged } }])
      : []),
  ]);
  return { ok: true, sprint: rows[0]! };
}

/** Deletes a sprint; its tasks fall back to the backlog by the placement rule. */
export async function deleteSprint(db: Db, sprint: Sprint): Promise<{ ok: boolean; reason?: string }> {
  if (sprint.isBacklog) return { ok: false, reason: "backlog_fixed" };
  await db.delete(sprints).where(eq(sprints.id, sprint.id));
  return { ok: true };
}
