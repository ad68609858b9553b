/**
 * The wire protocol of a poker or retro room (`/ws/room/{roomGuid}`, issue 5).
 *
 * The client sends the room kind's client messages (`pokerClientMessage`,
 * `retroClientMessage` in `domain/rooms/`), each with an optional `ref` it chose; the object
 * answers the sender `ack` once the change is stored (or `error`), and everyone else hears the
 * change as a patch. A room holds a `seq` that grows by one per change:
 *
 * - on connect, and on `{type: "sync"}`, the socket gets `state`: the public view, the
 *   socket's private part and `seq`;
 * - after each change every socket gets one shared `patch` (the same bytes for all) taking the
 *   public view from `seq - 1` to `seq`, and a socket whose private part changed also gets
 *   `private`. Changes that come close together (`coalesceWindow` in
 *   `domain/rooms/coalescing.ts`) share one patch, which then names the first seq it covers as
 *   `from`; so does a patch after changes with nothing public to show (a hidden re-vote).
 *   `patchFits` (`domain/rooms/patch.ts`) says whether a patch continues what a client holds; a
 *   client that sees a gap sends `sync`.
 *
 * `composeView(kind, public, private)` in `domain/rooms/views.ts` gives exactly what
 * `viewFor(state, me)` would: no socket ever receives another person's hidden card or the
 * author of an anonymous note.
 *
 * Close codes: `CLOSE` in `../close-codes.ts` (FORBIDDEN: removed from the room or the
 * project; WAITING: a guest not admitted yet, to ask again after a pause).
 */
import { z } from "zod";

/** The kinds of room one `RoomServer` serves. */
export const ROOM_KINDS = ["poker", "retro"] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/**
 * The largest frame a client may send; longer ones are refused with `too_large` (the socket
 * stays open). Far longer ones (`SOCKET_RULES.room.maxFrameBytes`) close it with `TOO_LARGE`.
 */
export const MAX_FRAME_BYTES = 16 * 1024;

/** Who the socket is, as the object knows them. */
export interface RoomYou {
  member: string;
  name: string;
  /** Spectators and read-only guests see the room but cannot change it. */
  readOnly: boolean;
}

/** One JSON patch operation on the public view: set `v` at path `p`, or delete it, or cut an array to `len`. */
export type PatchOp = { p: (string | number)[]; v: unknown } | { p: (string | number)[]; del: true } | { p: (string | number)[]; len: number };

export type RoomServerFrame =
  | { type: "state"; kind: RoomKind; seq: number; public: unknown; private: unknown; you: RoomYou }
  | { type: "patch"; seq: number; from?: number; ops: PatchOp[] }
  | { type: "private"; seq: number; private: unknown }
  | { type: "ack"; ref: string; seq: number }
  | { type: "error"; code: string; ref?: string };

/** What wraps every client frame: `ref` (echoed in `ack`/`error`) is not part of the message. */
export const clientEnvelope = z.object({ ref: z.string().min(1).max(64).optional() }).passthrough();

/** Asks for the full state again (after a gap in `seq`). */
export const syncMessage = z.object({ type: z.literal("sync") }).strict();

/** Codes of errors the object itself sends, besides the reducers' rule errors. */
export const ROOM_FRAME_ERRORS = ["too_large", "malformed", "read_only", "not_admitted", "room_missing"] as const;
