/**
 * Deleting a task with Undo (issue 15). A deletion only stamps `tasks.deleted_at`: the row, its
 * values, links, comments and files stay, and every read of tasks skips it (`notDeleted`). Undo
 * clears the stamp. The hourly cron purges tasks deleted more than 30 days ago for good, and
 * only then are their files' bytes removed from R2.
 */
import { and, eq, isNotNull, lte, or } from "drizzle-orm";
import { TRASH_KEPT_MS } from "../../domain/planning/trash";
import type { Db } from "../db/client";
import { attachments, fieldValues, rooms, taskLinks, tasks, type Task } from "../db/schema";
import type { Env } from "../env";
import { readLink, type StoredKind } from "../../domain/planning/links";
import { activityStatements, type ActivityInput } from "./activity";
import { readValues } from "./field-values";
import { notDeleted } from "./task-filter";
import { deleteStoredFiles } from "./tasks";
import { roomStub } from "./rooms";

/**
 * The log entries of a deletion or a restore: the task's own (`deleted`/`restored`, with its
 * number and title) and, on the task at the other end of each of its links, `link_removed` or
 * `link_added`, as those tasks stop or start showing the link.
 */
async function trashLog(db: Db, task: Task, actorId: string | null, action: "deleted" | "restored", at: number): Promise<ActivityInput[]> {
  const [title, links] = await Promise.all([
    readValues(db, "issue", [task.id], ["title"]),
    db.select().from(taskLinks).where(or(eq(taskLinks.sourceId, task.id), eq(taskLinks.targetId, task.id))),
  ]);
  const log: ActivityInput[] = [
    { projectId: task.projectId, actorId, entityKind: "issue", entityId: task.id, action, detail: { number: task.number, title: String(title.get(task.id)?.[0]?.value ?? "") }, createdAt: at },
  ];
  for (const link of links) {
    const stored = { source: link.sourceId, target: link.targetId, kind: link.kind as StoredKind };
    const other = readLink(stored, task.id).other;
    const detail = { link: link.id, kind: readLink(stored, other).kind, other: task.id };
    log.push({ projectId: task.projectId, actorId, entityKind: "issue", entityId: other, action: action === "deleted" ? "link_removed" : "link_added", detail, createdAt: at });
  }
  return log;
}

/**
 * Moves a task to the trash. The task's links stay, so Undo brings them back too; the tasks
 * at their other end stop showing them because reads skip deleted tasks.
 */
export async function deleteTask(db: Db, task: Task, actorId: string | null): Promise<void> {
  const at = Date.now();
  const log = await trashLog(db, task, actorId, "deleted", at);
  await db.batch([db.update(tasks).set({ deletedAt: at }).where(and(eq(tasks.id, task.id), notDeleted)), ...activityStatements(db, log)]);
}

/**
 * Every open poker room of the project follows a task to the trash and back (issue 15): the
 * task leaves each queue and returns to the place it left (domain/rooms/poker.ts). Rooms are
 * told one by one after the write; a room that does not answer is logged, never raised, as
 * the trash itself already holds.
 */
export async function roomsFollowTrash(env: Env, db: Db, projectId: string, taskId: string, trashed: boolean): Promise<void> {
  const open = await db.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.projectId, projectId), eq(rooms.kind, "poker"), eq(rooms.archived, false)));
  await Promise.all(
    open.map(async (room) => {
      try {
        await (await roomStub(env, room.id)).taskTrashed(taskId, trashed);
      } catch (err) {
        console.error("room did not follow the trash", room.id, err);
      }
    }),
  );
}

/** A task of the project that is in the trash (what Undo may restore). */
export function findDeletedTask(db: Db, projectId: string, id: string) {
  return db.select().from(tasks).where(and(eq(tasks.projectId, projectId), eq(tasks.id, id), isNotNull(tasks.deletedAt))).get();
}

/** Takes a task out of the trash; the log says `restored` (and `link_added` at its links' other ends). */
export async function restoreTask(db: Db, task: Task, actorId: string | null): Promise<void> {
  const log = await trashLog(db, task, actorId, "restored", Date.now());
  await db.batch([db.update(tasks).set({ deletedAt: null }).where(eq(tasks.id, task.id)), ...activityStatements(db, log)]);
}

/** Tasks purged per cron run: each costs one batch and one R2 call; the rest wait an hour. */
const PURGE_PER_RUN = 200;

/**
 * Removes for good the tasks deleted at least 30 days before `now`: rows with their values,
 * links and file rows in one batch per task (comments and search rows follow by cascade), then
 * the files' bytes. Returns how many were purged.
 */
export async function purgeDeletedTasks(env: Env, db: Db, now = Date.now()): Promise<number> {
  const due = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(isNotNull(tasks.deletedAt), lte(tasks.deletedAt, now - TRASH_KEPT_MS)))
    .limit(PURGE_PER_RUN);
  for (const { id } of due) {
    const files = await db.select({ key: attachments.key }).from(attachments).where(and(eq(attachments.entityKind, "issue"), eq(attachments.entityId, id)));
    await db.batch([
      db.delete(fieldValues).where(and(eq(fieldValues.entityKind, "issue"), eq(fieldValues.entityId, id))),
      db.delete(attachments).where(and(eq(attachments.entityKind, "issue"), eq(attachments.entityId, id))),
      db.delete(taskLinks).where(or(eq(taskLinks.sourceId, id), eq(taskLinks.targetId, id))),
      db.delete(tasks).where(eq(tasks.id, id)),
    ]);
    await deleteStoredFiles(env, files.map((f) => f.key));
  }
  return due.length;
}
