/**
 * What a room does outside its state after a change: accepted estimates written into the task
 * (at once), retro action items turned into tasks of the next sprint (through the room's
 * outbox: `deliverActionItem` is called by the room's alarm until it succeeds). The timer's
 * alarm is the room's own business (`RoomServer.schedule`). Failures are told to the
 * facilitator as an error frame; the room's state stays as agreed.
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

/** One retro action item waiting in the room's outbox. */
export type OutboxEntry = {
  /** The note it comes from: the outbox holds one entry per note. */
  note: string;
  /** The task's guid, chosen when the entry was written: a retry finds the task it already made. */
  task: string;
  text: string;
  /** Failed attempts so far. */
  attempts: number;
};

/** A delivery's answer; a thrown error means "try again later". */
export type Delivery = { ok: true; task: string } | { ok: false; reason: string };

/** What the room's alarm calls to carry out its outbox (replaceable in tests). */
export interface RoomEffects {
  deliverActionItem(room: RoomServer, meta: RoomMeta, entry: OutboxEntry): Promise<Delivery>;
  /** Tells the project's open boards about tasks the room made. */
  announceTasks(room: RoomServer, meta: RoomMeta, tasks: string[]): Promise<void>;
}

export const roomEffects: RoomEffects = { deliverActionItem, announceTasks };

/** Effects carried out at once, without a retry: only `write_estimate` (timer and tasks have their own ways). */
export async function carryOut(room: RoomServer, effects: Effect[], meta: RoomMeta, _state: RoomState): Promise<void> {
  for (const effect of effects) {
    try {
      if (effect.type === "write_estimate") await writeEstimate(room, meta, effect.task, effect.value);
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

/**
 * Change notices name the room as their author (`by`), not the facilitator: boards skip their
 * own viewer's changes, and the facilitator's open board must hear what the room wrote too.
 */
async function writeEstimate(room: RoomServer, meta: RoomMeta, taskId: string, card: string) {
  const value = meta.values[card];
  if (value === undefined || value === null) return room.tell(meta.owner, "not_an_estimate");
  const db = await writable(room, meta);
  if (!db) return;
  const task = await findTask(db, meta.project, taskId);
  if (!task) return room.tell(meta.owner, "task_not_found");
  const written = await updateTask(room.bindings, db, task, meta.owner, [{ slug: "estimate", value }]);
  if (!written.ok) return room.tell(meta.owner, written.reason);
  await publishToProject(room.bindings, meta.project, { type: "tasks_changed", project: meta.project, tasks: [taskId], by: room.name, at: Date.now() });
}

/**
 * Creates the task of one action item in the next sprint lane: the first planned sprint, else
 * the active one, else the backlog. Its description links back to the retro it came from.
 * Idempotent: the task's guid comes with the entry, and a task already made by an attempt
 * whose answer was lost (the object evicted after D1 committed) counts as delivered. The task
 * is written in one D1 batch, so an attempt leaves either the whole task or nothing.
 */
async function deliverActionItem(room: RoomServer, meta: RoomMeta, entry: OutboxEntry): Promise<Delivery> {
  const db = getDb(room.bindings.DB);
  if (await findTask(db, meta.project, entry.task)) return { ok: true, task: entry.task };
  // The facilitator may have lost write access since the room began.
  const access = await projectAccess(db, meta.owner, meta.project, "write");
  if (!access.ok) return { ok: false, reason: "project_forbidden" };
  const lanes = await db
    .select()
    .from(sprints)
    .where(and(eq(sprints.projectId, meta.project), eq(sprints.isBacklog, false), eq(sprints.archived, false)))
    .orderBy(asc(sprints.sort))
    .all();
  const lane = lanes.find((s) => s.status === "planned") ?? lanes.find((s) => s.status === "active") ?? (await ensureBacklog(db, meta.project));
  const { t } = i18nFor(DEFAULT_LANGUAGE);
  const title = entry.text.split("\n")[0]!.slice(0, 200);
  const description = `${entry.text}\n\n${t("from_retro", { ns: "task", title: meta.title })}: /project/${meta.project}/room/retro/${room.name}`;
  const result = await createTask(
    room.bindings,
    db,
    meta.project,
    meta.owner,
    [
      { slug: "title", value: title },
      { slug: "description", value: description },
      { slug: "sprint", value: lane.id },
    ],
    t,
    { id: entry.task },
  );
  return result.ok ? { ok: true, task: entry.task } : { ok: false, reason: result.reason };
}

async function announceTasks(room: RoomServer, meta: RoomMeta, tasks: string[]) {
  await publishToProject(room.bindings, meta.project, { type: "tasks_changed", project: meta.project, tasks, by: room.name, at: Date.now() });
}
