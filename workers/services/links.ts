/** Links between tasks of one project: stored once, read from either end (domain/planning/links). */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { type LinkKind, type LinkRefusal, type StoredKind, type StoredLink, checkNewLink, normaliseLink, readLink } from "../../domain/planning/links";
import { type Db, inSlices } from "../db/client";
import { taskLinks, tasks, type Task, type TaskLink } from "../db/schema";
import { activityStatements } from "./activity";
import { readValues } from "./field-values";
import { newGuid } from "./ids";
import { notDeleted } from "./task-filter";

export interface LinkView {
  /** The link's guid (for DELETE). */
  guid: string;
  /** How the task in the URL relates to the other one. */
  kind: LinkKind;
  /** The other task. */
  issue: string;
  number: number;
  title: string;
  /** The other task's status option guid. */
  status: string | null;
  created_at: number;
}

const stored = (row: TaskLink): StoredLink => ({ source: row.sourceId, target: row.targetId, kind: row.kind as StoredKind });

/** Number, title and status of tasks of a project, by guid. */
export async function taskSummaries(db: Db, projectId: string, ids: string[]): Promise<Map<string, { number: number; title: string; status: string | null }>> {
  const unique = [...new Set(ids)];
  const [rows, values] = await Promise.all([
    inSlices(unique, (slice) => db.select({ id: tasks.id, number: tasks.number }).from(tasks).where(and(eq(tasks.projectId, projectId), inArray(tasks.id, slice), notDeleted))),
    readValues(db, "issue", unique, ["title", "status"]),
  ]);
  return new Map(
    rows.map((r) => {
      const of = (slug: string) => values.get(r.id)?.find((v) => v.slug === slug)?.value;
      const status = of("status");
      return [r.id, { number: r.number, title: String(of("title") ?? ""), status: typeof status === "string" ? status : null }];
    }),
  );
}

/** Every link of a task, both directions, each read from this task's side; oldest first. */
export async function listLinks(db: Db, task: Task): Promise<LinkView[]> {
  const rows = await db
    .select()
    .from(taskLinks)
    .where(or(eq(taskLinks.sourceId, task.id), eq(taskLinks.targetId, task.id)))
    .orderBy(asc(taskLinks.createdAt), asc(taskLinks.id));
  const read = rows.map((row) => ({ row, ...readLink(stored(row), task.id) }));
  const others = await taskSummaries(db, task.projectId, read.map((r) => r.other));
  return read.flatMap(({ row, kind, other }) => {
    const summary = others.get(other);
    return summary ? [{ guid: row.id, kind, issue: other, ...summary, created_at: row.createdAt }] : [];
  });
}

export type AddLinkResult = { ok: true; link: LinkView; other: string } | { ok: false; reason: LinkRefusal | "task_unknown" };

/**
 * The activity entries of a link added or removed, one on each of its tasks: each names the
 * link's kind as read from that task and the task at the other end.
 */
function linkEntries(action: "link_added" | "link_removed", task: Task, otherId: string, linkId: string, link: StoredLink, actorId: string, at: number) {
  const entry = (on: string, far: string) => ({
    projectId: task.projectId,
    actorId,
    entityKind: "issue" as const,
    entityId: on,
    action,
    detail: { link: linkId, kind: readLink(link, on).kind, other: far },
    createdAt: at,
  });
  return [entry(task.id, otherId), entry(otherId, task.id)];
}

/**
 * Links `task` to another task of its project ("task `kind` other"). The row and both tasks'
 * `link_added` entries go in one batch; the unique indexes catch a race the check missed.
 */
export async function addLink(db: Db, task: Task, otherId: string, kind: LinkKind, actorId: string): Promise<AddLinkResult> {
  const other = await db.select().from(tasks).where(and(eq(tasks.projectId, task.projectId), eq(tasks.id, otherId), notDeleted)).get();
  if (!other) return { ok: false, reason: "task_unknown" };
  const link = normaliseLink(task.id, other.id, kind);
  if (link.source === link.target) return { ok: false, reason: "link_self" };
  // A relation only needs its own row checked; the other kinds need the project's graph of that kind for cycles.
  const existing = await db
    .select({ source: taskLinks.sourceId, target: taskLinks.targetId, kind: taskLinks.kind })
    .from(taskLinks)
    .where(
      link.kind === "relates"
        ? and(eq(taskLinks.sourceId, link.source), eq(taskLinks.targetId, link.target), eq(taskLinks.kind, link.kind))
        : and(eq(taskLinks.projectId, task.projectId), eq(taskLinks.kind, link.kind)),
    );
  const checked = checkNewLink(existing as StoredLink[], link);
  if (!checked.ok) return checked;
  const id = newGuid();
  const at = Date.now();
  try {
    await db.batch([
      db.insert(taskLinks).values({ id, projectId: task.projectId, sourceId: link.source, targetId: link.target, kind: link.kind, createdBy: actorId, createdAt: at }),
      ...activityStatements(db, linkEntries("link_added", task, other.id, id, link, actorId, at)),
    ]);
  } catch (err) {
    // Only a lost race reaches here: the same link, or a second parent, written meanwhile.
    const same = and(eq(taskLinks.targetId, link.target), eq(taskLinks.kind, link.kind));
    const clash = await db
      .select({ source: taskLinks.sourceId })
      .from(taskLinks)
      .where(link.kind === "parent" ? same : and(same, eq(taskLinks.sourceId, link.source)));
    if (clash.length === 0) throw err;
    return { ok: false, reason: clash.some((c) => c.source === link.source) ? "link_exists" : "link_parent_exists" };
  }
  const summary = (await taskSummaries(db, task.projectId, [other.id])).get(other.id)!;
  return { ok: true, link: { guid: id, kind, issue: other.id, ...summary, created_at: at }, other: other.id };
}

/** Removes a link of `task` (either end); both tasks log `link_removed`. */
export async function removeLink(db: Db, task: Task, linkId: string, actorId: string): Promise<{ ok: true; other: string } | { ok: false }> {
  const row = await db
    .select()
    .from(taskLinks)
    .where(and(eq(taskLinks.id, linkId), or(eq(taskLinks.sourceId, task.id), eq(taskLinks.targetId, task.id))))
    .get();
  if (!row) return { ok: false };
  const link = stored(row);
  const other = readLink(link, task.id).other;
  await db.batch([db.delete(taskLinks).where(eq(taskLinks.id, row.id)), ...activityStatements(db, linkEntries("link_removed", task, other, row.id, link, actorId, Date.now()))]);
  return { ok: true, other };
}
