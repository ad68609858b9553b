/**
 * The project's activity log (the shared contract in docs/decisions.md): rows are written by
 * the services that make the change, in the same D1 batch as the change where they can, and
 * read newest first in pages.
 */
import { and, desc, eq, inArray, lt, SQL, sql } from "drizzle-orm";
import { ACTIVITY_KEPT } from "../../domain/retention";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, runBatch } from "../db/client";
import { activity, users } from "../db/schema";
import { newGuid } from "./ids";

export interface ActivityInput {
  projectId: string;
  actorId: string | null;
  entityKind: "issue" | "sprint";
  entityId: string;
  action: string;
  /** The detail, or an SQL expression giving its JSON (for values only the same batch knows, like a new task's number). */
  detail: Record<string, unknown> | SQL;
  /** Milliseconds; now when left out. Rows of one change share it. */
  createdAt?: number;
}

export interface ActivityView {
  guid: string;
  actor: { guid: string; name: string; color: string } | null;
  entity_kind: string;
  entity: string;
  action: string;
  detail: Record<string, unknown>;
  created_at: number;
}

/** D1 binds at most 100 parameters per statement: 8 columns a row, 12 rows a statement. */
const ROWS_PER_INSERT = 12;

/**
 * Insert statements for activity rows, to put into the batch of the write they describe
 * (one round trip for both, and no log entry for a write that failed).
 */
export function activityStatements(db: Db, rows: readonly ActivityInput[]): BatchItem<"sqlite">[] {
  const now = Date.now();
  const values = rows.map((r) => ({
    id: newGuid(),
    projectId: r.projectId,
    actorId: r.actorId,
    entityKind: r.entityKind,
    entityId: r.entityId,
    action: r.action,
    detail: r.detail instanceof SQL ? r.detail : JSON.stringify(r.detail),
    createdAt: r.createdAt ?? now,
  }));
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < values.length; i += ROWS_PER_INSERT) statements.push(db.insert(activity).values(values.slice(i, i + ROWS_PER_INSERT)));
  for (const projectId of new Set(rows.map((r) => r.projectId))) statements.push(trimActivity(db, projectId));
  return statements;
}

/**
 * Drops a project's entries older than its newest `ACTIVITY_KEPT`, after the batch's inserts.
 * The boundary is read from the (project, created_at) index alone; entries sharing the
 * boundary's timestamp (one change) stay together.
 */
function trimActivity(db: Db, projectId: string) {
  const boundary = sql`(SELECT created_at FROM activity WHERE project_id = ${projectId} ORDER BY created_at DESC LIMIT 1 OFFSET ${ACTIVITY_KEPT - 1})`;
  return db.delete(activity).where(and(eq(activity.projectId, projectId), lt(activity.createdAt, boundary)));
}

/** Records activity rows on their own (for changes made outside these services). */
export async function recordActivity(db: Db, rows: readonly ActivityInput[]): Promise<void> {
  await runBatch(db, activityStatements(db, rows));
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * One page of a project's log, newest first. `next` is the `createdAt` to pass as `before` for
 * the following page. Rows of one write share a timestamp, so a page never ends inside such a
 * group: it is completed, and the next page starts strictly before it.
 */
export async function listActivity(
  db: Db,
  projectId: string,
  options: { limit: number; before?: number; entity?: string; entityKind?: "issue" | "sprint"; actor?: string },
): Promise<{ results: ActivityView[]; next: number | null }> {
  const where: SQL[] = [eq(activity.projectId, projectId)];
  // One person's rows (the activity page's person filter).
  if (options.actor !== undefined) where.push(eq(activity.actorId, options.actor));
  if (options.entity !== undefined) {
    where.push(eq(activity.entityId, options.entity));
    where.push(options.entityKind ? eq(activity.entityKind, options.entityKind) : inArray(activity.entityKind, ["issue", "sprint"]));
  }
  const select = (extra: SQL | undefined, limit?: number) => {
    const query = db
      .select({ row: activity, actor: { guid: users.id, name: users.name, color: users.color } })
      .from(activity)
      .leftJoin(users, eq(users.id, activity.actorId))
      .where(and(...where, extra))
      .orderBy(desc(activity.createdAt), desc(activity.id));
    return limit === undefined ? query : query.limit(limit);
  };
  const rows = await select(options.before !== undefined ? lt(activity.createdAt, options.before) : undefined, options.limit + 1);
  let page = rows;
  let next: number | null = null;
  if (rows.length > options.limit) {
    page = rows.slice(0, options.limit);
    const last = page[page.length - 1]!.row.createdAt;
    if (rows[options.limit]!.row.createdAt === last) {
      // The group at the page's end goes on: take all of it, then see whether anything is older.
      const group = await select(eq(activity.createdAt, last));
      const have = new Set(page.map((r) => r.row.id));
      page = [...page, ...group.filter((r) => !have.has(r.row.id))];
      const older = await select(lt(activity.createdAt, last), 1);
      next = older.length > 0 ? last : null;
    } else {
      next = last;
    }
  }
  return {
    results: page.map(({ row, actor }) => ({
      guid: row.id,
      actor: actor?.guid ? actor : null,
      entity_kind: row.entityKind,
      entity: row.entityId,
      action: row.action,
      detail: parseDetail(row.detail),
      created_at: row.createdAt,
    })),
    next,
  };
}
