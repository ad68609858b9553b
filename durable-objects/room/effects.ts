/**
 * What a room does outside its state after a change: timers as the object's alarm, accepted
 * estimates written into the task, retro action items turned into tasks of the next sprint.
 * Failures are told to the facilitator as an error frame; the room's state stays as agreed.
 */
import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_LANGUAGE } from "../../domain/i18n/languages";
import type { PokerEffect } from "../../domain/rooms/poker";
import type { RetroEffect } from "../../domain/rooms/retro";
import type { RoomState } from "../../domain/rooms/views";
import { getDb } from "../../workers/db/client";
import { sprints } from "../../workers/db/schema";
import { projectAccess } from "../../workers/services/access";
import { i18nFor } from "../../workers/services/i18n";
import { publishToProject } from "../../workers/services/live";
import { ensureBacklog } from "../../workers/services/sprints";
import { createTask, findTask, updateTask } from "../../workers/services/tasks";
import type { RoomMeta, RoomServer } from "./room-server";

type Effect = PokerEffect | RetroEffect;

export async function carryOut(room: RoomServer, effects: Effect[], meta: RoomMeta, _state: RoomState): Promise<void> {
  for (const effect of effects) {
    try {
      switch (effect.type) {
        case "set_alarm":
          await room.storage.setAlarm(effect.at);
          break;
        case "clear_alarm":
          await room.storage.deleteAlarm();
          break;
        case "write_estimate":
          await writeEstimate(room, meta, effect.task, effect.value);
          break;
        case "create_tasks":
          await createActionTasks(room, meta, effect.items);
          break;
      }
    } catch (err) {
      console.error("room effect failed", effect.type, err);
      room.tell(meta.owner, "effect_failed");
    }
  }
}

/** The facilitator's write access is checked again: they may have lost it since the room began. */
async function writable(room: RoomServer, meta: RoomMeta) {
  const db = getDb(room.bindings.DB);
  const access = await projectAccess(db, meta.owner, meta.project, "write");
  if (!access.ok) {
    room.tell(meta.owner, "project_forbidden");
    return null;
  }
  return db;
}

async function writeEstimate(room: RoomServer, meta: RoomMeta, taskId: string, card: string) {
  const value = meta.values[card];
  if (value === undefined || value === null) return room.tell(meta.owner, "not_an_estimate");
  const db = await writable(room, meta);
  if (!db) return;
  const task = await findTask(db, meta.project, taskId);
  if (!task) return room.tell(meta.owner, "task_not_found");
  const written = await updateTask(room.bindings, db, task, meta.owner, [{ slug: "estimate", value }]);
  if (!written.ok) return room.tell(meta.owner, written.reason);
  await publishToProject(room.bindings, meta.project, { type: "tasks_changed", project: meta.project, tasks: [taskId], by: meta.owner, at: Date.now() });
}

/**
 * The next sprint lane: the first planned sprint, else the active one, else the backlog. Each
 * task's description links back to the retro it came from.
 */
async function createActionTasks(room: RoomServer, meta: RoomMeta, items: { note: string; text: string }[]) {
  const db = await writable(room, meta);
  if (!db) return;
  const lanes = await db
    .select()
    .from(sprints)
    .where(and(eq(sprints.projectId, meta.project), eq(sprints.isBacklog, false), eq(sprints.archived, false)))
    .orderBy(asc(sprints.sort))
    .all();
  const lane = lanes.find((s) => s.status === "planned") ?? lanes.find((s) => s.status === "active") ?? (await ensureBacklog(db, meta.project));
  const { t } = i18nFor(DEFAULT_LANGUAGE);
  const created: string[] = [];
  for (const item of items) {
    const title = item.text.split("\n")[0]!.slice(0, 200);
    const description = `${item.text}\n\n${t("from_retro", { ns: "task", title: meta.title })}: /project/${meta.project}/room/retro/${room.name}`;
    const result = await createTask(room.bindings, db, meta.project, meta.owner, [
      { slug: "title", value: title },
      { slug: "description", value: description },
      { slug: "sprint", value: lane.id },
    ], t);
    if (result.ok) created.push(result.task.guid);
    else room.tell(meta.owner, result.reason);
  }
  if (created.length > 0) await publishToProject(room.bindings, meta.project, { type: "tasks_changed", project: meta.project, tasks: created, by: meta.owner, at: Date.now() });
}
