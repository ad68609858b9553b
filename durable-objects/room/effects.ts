/**
 * What a room does outside its state after a change: accepted estimates written into the task
 * (at once), retro action items turned into tasks of the next sprint (through the room's
 * outbox: `deliverActionItem` is called by the room's alarm until it succeeds). The timer's
 * alarm is the room's own business (`RoomServer.schedule`). Failures are told to the
 * facilitator as an error frame; the room's state stays as agreed. The work itself is the
 * Worker's, reached through the object host (`../host.ts`).
 */
import type { PokerEffect, PokerOutcome } from "../../domain/rooms/poker";
import type { RetroEffect } from "../../domain/rooms/retro";
import type { RoomState } from "../../domain/rooms/views";
import type { Delivery, OutboxEntry, RoomMeta } from "../../domain/wire/rpc";
import type { Env } from "../../workers/env";
import { type AcceptedCard, host } from "../host";

type Effect = PokerEffect | RetroEffect;

/** What effects need of the room that runs them (`RoomServer`; named here so neither imports the other). */
export interface EffectRoom {
  /** The room's guid. */
  readonly name: string;
  /** The Worker's bindings. */
  readonly bindings: Env;
  /** Tells one member something went wrong outside the state. */
  tell(member: string, code: string): void;
}

/** What the room's alarm calls to carry out its outbox (replaceable in tests). */
export interface RoomEffects {
  deliverActionItem(room: EffectRoom, meta: RoomMeta, entry: OutboxEntry): Promise<Delivery>;
  /** Tells the project's open boards about tasks the room made. */
  announceTasks(room: EffectRoom, meta: RoomMeta, tasks: string[]): Promise<void>;
}

export const roomEffects: RoomEffects = {
  deliverActionItem: (room, meta, entry) => host().deliverActionItem(room.bindings, meta, room.name, entry),
  // Change notices name the room as their author (`by`): boards skip their own viewer's changes,
  // and the facilitator's open board must hear what the room wrote too.
  announceTasks: (room, meta, tasks) => host().publishToProject(room.bindings, meta.project, { type: "tasks_changed", project: meta.project, tasks, by: room.name, at: Date.now() }),
};

/** Effects carried out at once, without a retry: only `write_estimate` (timer and tasks have their own ways). */
export async function carryOut(room: EffectRoom, effects: Effect[], meta: RoomMeta, _state: RoomState): Promise<void> {
  for (const effect of effects) {
    try {
      if (effect.type === "write_estimate") await writeEstimate(room, meta, effect.task, effect.value, effect.outcome);
    } catch (err) {
      console.error("room effect failed", effect.type, err);
      room.tell(meta.owner, "effect_failed");
    }
  }
}

async function writeEstimate(room: EffectRoom, meta: RoomMeta, taskId: string, card: string, outcome: PokerOutcome) {
  // A deck from a select field writes the card's option, number or not (issue 16).
  const option = meta.field?.options[card];
  const value = meta.values[card] ?? null;
  let accepted: AcceptedCard;
  if (meta.field && option) accepted = { kind: "option", field: meta.field.guid, option, card, value };
  else if (!meta.field && value !== null) accepted = { kind: "estimate", card, value };
  else return room.tell(meta.owner, "not_an_estimate");
  const written = await host().writeEstimate(room.bindings, meta, taskId, accepted, room.name, outcome);
  if (!written.ok) room.tell(meta.owner, written.reason);
}
