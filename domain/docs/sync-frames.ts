/**
 * What a binary frame of the Yjs sync and awareness protocol is, read with the very decoder
 * the room and its clients use (lib0's varUint), so a type written in a padded encoding
 * (`0x81 0x00` is 1, awareness) reads the same here as in y-partyserver. Frames are:
 * varUint message type; sync (0) → varUint step (0 step 1, 1 step 2, 2 update) + payload;
 * awareness (1) → varUint8Array of [varUint count, then count × (client, clock, JSON state)].
 */
import * as decoding from "lib0/decoding";

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;

export type SyncFrame =
  /** "Here is my state vector, send me what I lack": reading, never writing. */
  | { kind: "sync_step1" }
  /** The answer to a step 1: document content. */
  | { kind: "sync_step2" }
  /** A document change. */
  | { kind: "update" }
  /** Presence of the clients named (the ids the sender claims to speak for). */
  | { kind: "awareness"; clients: number[] }
  /** Anything else (auth, query-awareness, unknown types) or bytes that do not decode. */
  | { kind: "other" };

const SYNC_STEPS = ["sync_step1", "sync_step2", "update"] as const;

/** Classifies a frame; never throws. */
export function classifyFrame(bytes: Uint8Array): SyncFrame {
  try {
    const decoder = decoding.createDecoder(bytes);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC) {
      const step = SYNC_STEPS[decoding.readVarUint(decoder)];
      return step ? { kind: step } : { kind: "other" };
    }
    if (type === MESSAGE_AWARENESS) {
      const inner = decoding.createDecoder(decoding.readVarUint8Array(decoder));
      const count = decoding.readVarUint(inner);
      const clients: number[] = [];
      for (let i = 0; i < count; i++) {
        clients.push(decoding.readVarUint(inner));
        decoding.readVarUint(inner); // clock
        decoding.readVarString(inner); // state (JSON)
      }
      return { kind: "awareness", clients };
    }
  } catch {
    // Truncated or overlong varints: not a frame of ours.
  }
  return { kind: "other" };
}
