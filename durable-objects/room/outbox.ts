/**
 * A room's outbox and its one alarm (issue 20; rules in `domain/rooms/outbox.ts`). What a change
 * asks of the world outside (a retro action item to become a task) goes into `room_outbox` in
 * the same storage transaction as the change's log entry; the alarm delivers it, retrying with
 * growing pauses, and only the delivery's answer (another logged input, `export_settled`) marks
 * the note exported. The alarm is shared with the poker timer: `schedule` sets it to whichever
 * is due first.
 */
import { nextAlarm, OUTBOX_BATCH, OUTBOX_MAX_ATTEMPTS, retryAt } from "../../domain/rooms/outbox";
import type { PokerEffect } from "../../domain/rooms/poker";
import type { RetroEffect } from "../../domain/rooms/retro";
import type { ActResult, OutboxEntry, RoomMeta } from "../../domain/wire/rpc";
import type { EffectRoom, RoomEffects } from "./effects";

/** The actor of inputs the room gives itself (the timer's end, an export settled). */
export const SYSTEM_ACTOR = "system";

/** What the room object lends its outbox. */
export interface OutboxRoom {
  /** The room as its effects see it. */
  room: EffectRoom;
  meta: () => RoomMeta;
  /** How deliveries are carried out (tests replace the room's). */
  effects: () => RoomEffects;
  /** When the poker countdown ends, if one runs. */
  timerEndsAt: () => number | null;
  /** The room's one path of every change, for `export_settled`; `alsoStore` joins its transaction. */
  settle: (input: { type: "export_settled"; exported: string[]; failed: string[] }, alsoStore: () => void) => ActResult;
}

export class RoomOutbox {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly lender: OutboxRoom,
  ) {}

  /** Adds the entries a change's effects ask for (call inside the change's transaction). */
  enqueue(effects: readonly (PokerEffect | RetroEffect)[], now: number) {
    const sql = this.storage.sql;
    for (const effect of effects) {
      if (effect.type !== "create_tasks") continue;
      // One entry per note; its task's guid is chosen now, so every attempt makes the same task.
      for (const item of effect.items) sql.exec("INSERT OR IGNORE INTO room_outbox (note, task, text, due) VALUES (?, ?, ?, ?)", item.note, crypto.randomUUID(), item.text, now);
    }
  }

  /** The entries, oldest first (for tests and diagnostics). */
  list(): (OutboxEntry & { due: number })[] {
    return this.storage.sql.exec<OutboxEntry & { due: number }>("SELECT note, task, text, attempts, due FROM room_outbox ORDER BY due, note").toArray();
  }

  /** Sets the one alarm to the earliest of the countdown's end and the outbox's next due entry. */
  async schedule() {
    const due = this.storage.sql.exec<{ due: number | null }>("SELECT MIN(due) AS due FROM room_outbox").one().due;
    const at = nextAlarm(this.lender.timerEndsAt(), due);
    if (at === null) await this.storage.deleteAlarm();
    else await this.storage.setAlarm(at);
  }

  /**
   * Delivers the due entries one by one. Delivered and refused ones are settled together: one
   * `export_settled` input, logged in the same transaction that removes them from the outbox.
   * An entry that failed (D1 unreachable, the object cut off mid-way) waits longer each time.
   */
  async deliver() {
    const { room } = this.lender;
    const meta = this.lender.meta();
    const effects = this.lender.effects();
    const sql = this.storage.sql;
    const due = sql.exec<OutboxEntry>("SELECT note, task, text, attempts FROM room_outbox WHERE due <= ? ORDER BY due, note LIMIT ?", Date.now(), OUTBOX_BATCH).toArray();
    if (due.length === 0) return;
    const exported: string[] = [];
    const failed: string[] = [];
    const tasks: string[] = [];
    for (const entry of due) {
      try {
        const delivery = await effects.deliverActionItem(room, meta, entry);
        if (delivery.ok) {
          exported.push(entry.note);
          tasks.push(delivery.task);
        } else {
          failed.push(entry.note);
          room.tell(meta.owner, delivery.reason);
        }
      } catch (err) {
        console.error("room outbox delivery failed", err);
        const attempts = entry.attempts + 1;
        if (attempts >= OUTBOX_MAX_ATTEMPTS) {
          failed.push(entry.note);
          room.tell(meta.owner, "effect_failed");
        } else {
          sql.exec("UPDATE room_outbox SET attempts = ?, due = ? WHERE note = ?", attempts, retryAt(Date.now(), attempts), entry.note);
        }
      }
    }
    const settled = [...exported, ...failed];
    if (settled.length === 0) return;
    this.lender.settle({ type: "export_settled", exported, failed }, () => {
      for (const note of settled) sql.exec("DELETE FROM room_outbox WHERE note = ?", note);
    });
    if (tasks.length > 0) {
      try {
        await effects.announceTasks(room, meta, tasks);
      } catch (err) {
        // Boards catch up on their next read; the tasks exist.
        console.error("room task announcement failed", err);
      }
    }
  }
}
