/**
 * The shapes of the Durable Objects' RPC calls that are not socket frames: what the Worker
 * hands a room when it creates it, what a room answers, what waits in its outbox. The stubs
 * the Worker calls are declared over these in `durable-objects/stubs.ts`.
 */
import type { RetroPreset } from "../rooms/retro";
import type { RoomKind } from "./live/room";

/** What a poker/retro room needs beyond its state to carry out effects (stored with it). */
export interface RoomMeta {
  kind: RoomKind;
  project: string;
  title: string;
  owner: string;
  /** Poker: each card's number for the estimate field. */
  values: Record<string, number | null>;
  /**
   * Poker with a deck from a select field (issue 16): the field, and each card's option. An
   * accepted card then writes its option into that field instead of a number into `estimate`.
   */
  field?: DeckFieldMeta;
}

/** The select field a room's deck came from, and which option each card stands for. */
export interface DeckFieldMeta {
  guid: string;
  options: Record<string, string>;
}

/** What `RoomServer.create` is given, once, right after the room's D1 row was written. */
export interface RoomInit extends RoomMeta {
  ownerName: string;
  /** Poker: the deck's cards in order; retro: unused. */
  cards: string[];
  /** Retro: the column preset. */
  preset?: RetroPreset;
}

/** A room's answer to a change asked through RPC (REST), like `ack`/`error` on a socket. */
export type ActResult = { ok: true; seq: number } | { ok: false; code: string };

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
